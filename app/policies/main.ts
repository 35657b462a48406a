/*
| Bouncer policies, registered by name. Resource policies are added as the
| resources they guard are built.
*/
export const policies = {}
