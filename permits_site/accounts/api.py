"""``/api/v1/staff-roles/``: the staff roles of the towns the caller administers; and
``/api/v1/staff/``: the people requests name (an inspection's ``inspector``), for staff.

The same services as the staff page (:mod:`permits_site.accounts.staff_roles`): a role
is granted to an existing account found by username or email address, and removed by
its id. A refusal — the role already held, a combination the town's law forbids, the
town's last admin role — is a 400 naming the field; a town the caller does not
administer is a 403, another town's role a 404.
"""

from __future__ import annotations

from django.db.models import Prefetch
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from permits_site.accounts.models import Membership, Role, User
from permits_site.accounts.permissions import municipality_ids_with
from permits_site.accounts.staff_roles import find_person, grant_role, revoke_role
from permits_site.api.permissions import IsTownAdmin, IsTownStaff
from permits_site.api.public.fields import BoundedModelSerializer, NamedRecordField
from permits_site.api.scopes import in_towns_where
from permits_site.towns.models import Municipality


class StaffPersonSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    username = serializers.CharField(read_only=True)
    name = serializers.CharField(source="display_name", read_only=True)
    email = serializers.EmailField(read_only=True)


class StaffRoleSerializer(BoundedModelSerializer):
    """One role held by one person in one town."""

    municipality = serializers.SlugRelatedField(slug_field="code", read_only=True)
    person = StaffPersonSerializer(source="user", read_only=True)
    role_label = serializers.CharField(source="get_role_display", read_only=True)

    class Meta:
        model = Membership
        fields = ["id", "municipality", "person", "role", "role_label"]
        read_only_fields = fields


class StaffRoleGrantSerializer(serializers.Serializer):
    """The town (its code), the person (username or email address) and the role."""

    municipality = NamedRecordField(slug_field="code", queryset=Municipality.objects.all())
    person = serializers.CharField(max_length=254)
    role = serializers.ChoiceField(choices=Role.choices)


class StaffRoleViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                       mixins.DestroyModelMixin, viewsets.GenericViewSet):
    """Town admins list, grant and remove the staff roles of the towns they administer."""

    serializer_class = StaffRoleSerializer
    permission_classes = [IsAuthenticated, IsTownAdmin]
    doing = "grant and remove staff roles"

    def get_queryset(self):
        roles = Membership.objects.select_related("user", "municipality").order_by(
            "municipality__name", "user__last_name", "user__first_name", "user__username",
            "role")
        return in_towns_where(roles, self.request.user, Role.ADMIN, town_field="municipality")

    town_field = "municipality"

    @extend_schema(request=StaffRoleGrantSerializer, responses={201: StaffRoleSerializer})
    def create(self, request):
        """Grant a role to an existing account, found by its username or email address."""
        serializer = StaffRoleGrantSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        self.check_object_permissions(request, data["municipality"])
        membership = grant_role(municipality=data["municipality"],
                                user=find_person(data["person"]), role=data["role"],
                                acting_user=request.user)
        return Response(StaffRoleSerializer(membership).data, status=status.HTTP_201_CREATED)

    def perform_destroy(self, instance: Membership) -> None:
        """Remove the role; refused (400) for the town's last admin role."""
        revoke_role(membership=instance, acting_user=self.request.user)


# -- the staff list ---------------------------------------------------------------------


class StaffQuerySerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=Role.choices, required=False,
                                   help_text="Only the people holding this role.")
    municipality = NamedRecordField(
        slug_field="code", queryset=Municipality.objects.all(), required=False,
        help_text="Only the people holding a role in this town (its code).")


class HeldRoleSerializer(serializers.Serializer):
    municipality = serializers.CharField(source="municipality.code")
    role = serializers.ChoiceField(choices=Role.choices)


class StaffMemberSerializer(serializers.Serializer):
    id = serializers.IntegerField(
        help_text="The user id requests take, e.g. an inspection's `inspector`.")
    name = serializers.CharField(source="display_name")
    roles = HeldRoleSerializer(source="roles_shown", many=True,
                               help_text="The roles held in the caller's towns, by town.")


class StaffViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """The staff of the towns where the caller holds a role: never another town's people,
    nor the roles they hold elsewhere."""

    serializer_class = StaffMemberSerializer
    permission_classes = [IsAuthenticated, IsTownStaff]
    doing = IsTownStaff.doing

    def roles_seen(self):
        return Membership.objects.filter(
            municipality_id__in=municipality_ids_with(self.request.user, *Role.values))

    def get_queryset(self):
        shown = self.roles_seen().select_related("municipality").order_by(
            "municipality__name", "role")
        return User.objects.order_by("last_name", "first_name", "username", "pk"
                                     ).prefetch_related(
            Prefetch("memberships", queryset=shown, to_attr="roles_shown"))

    def filter_queryset(self, queryset):
        """Everyone holding a role in the caller's towns, narrowed by ``role`` and
        ``municipality``: an unknown one is a 400 naming it."""
        query = StaffQuerySerializer(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        chosen = self.roles_seen().filter(**query.validated_data)
        return queryset.filter(pk__in=chosen.values("user_id"))

    @extend_schema(parameters=[StaffQuerySerializer])
    def list(self, request, *args, **kwargs):
        """People holding a staff role in the caller's towns, with the roles they hold
        there; their ``id`` is what requests naming a member of staff take."""
        return super().list(request, *args, **kwargs)
