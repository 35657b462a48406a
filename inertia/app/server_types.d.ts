/*
| Pages import controller types for their props, which pulls server files into
| this project; these references bring the config module augmentations along.
*/
/// <reference path="../../adonisrc.ts" />
/// <reference path="../../config/inertia.ts" />
/// <reference path="../../config/auth.ts" />
/// <reference path="../../config/limiter.ts" />
/// <reference path="../../config/hash.ts" />
/// <reference path="../../config/mail.ts" />
/// <reference path="../../config/drive.ts" />
/// <reference path="../../config/redis.ts" />
/// <reference path="../../config/logger.ts" />
/// <reference path="../../start/events.ts" />
/// <reference path="../../app/middleware/initialize_bouncer_middleware.ts" />
