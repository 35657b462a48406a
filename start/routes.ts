/*
| Routes live per area in start/routes/*.ts; every route is named.
*/
import './routes/public.js'
import './routes/customer.js'
import './routes/staff.js'
import './routes/payments.js'
