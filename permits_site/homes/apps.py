from django.apps import AppConfig


class HomesConfig(AppConfig):
    """Each member of staff's home: the work of every role they hold in every town they
    serve. The core's sections are registered here; a bylaw app registers its own from its
    ``ready()`` (``permits_site.homes.registry.register_home_section``)."""

    name = "permits_site.homes"
    verbose_name = "Staff homes"

    def ready(self) -> None:
        from permits_site.accounts.models import Role
        from permits_site.homes.board import board_member_work
        from permits_site.homes.clerk import clerk_work
        from permits_site.homes.hearings import hearing_authority_work
        from permits_site.homes.inspector import inspector_work
        from permits_site.homes.registry import register_home_section
        from permits_site.homes.town_admin import town_admin_work

        register_home_section(Role.CLERK, "Applications, payments and permits", clerk_work)
        register_home_section(Role.INSPECTOR, "Inspections", inspector_work)
        register_home_section(Role.HEARING_AUTHORITY, "Hearings, rulings and appeals",
                              hearing_authority_work)
        register_home_section(Role.BOARD_MEMBER,
                              "Applications, signatures and hearings of the Board",
                              board_member_work)
        register_home_section(Role.ADMIN, "The town's settings", town_admin_work)
