/*
| Bouncer policies, registered by name and loaded lazily.
*/
export const policies = {
  PricingPlanPolicy: () => import('#policies/pricing_plan_policy'),
  KycDocumentPolicy: () => import('#policies/kyc_document_policy'),
}
