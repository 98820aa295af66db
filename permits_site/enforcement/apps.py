from django.apps import AppConfig


class EnforcementConfig(AppConfig):
    name = "permits_site.enforcement"
    label = "enforcement"
    verbose_name = "Inspections and enforcement"

    def ready(self):
        from permits_site.enforcement.invoice_subjects import case_charge_subject, citation_subject
        from permits_site.enforcement.services.dispositions import payment_refusal
        from permits_site.licensing.invoice_subjects import register_invoice_subject
        from permits_site.licensing.services.payments import register_payment_check

        register_payment_check(payment_refusal)
        register_invoice_subject(citation_subject, related=("citation",),
                                 prefetched=("citation__hearings",))
        register_invoice_subject(case_charge_subject, related=("case_charge__case",))
