/*
| Bouncer abilities for rules that belong to no resource. Resource rules live
| in app/policies.
*/
export {}
