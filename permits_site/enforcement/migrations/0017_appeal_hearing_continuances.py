"""An appeal's public hearing is continued as a case hearing is: a continuance is of exactly
one of them, and an appeal's keeps no notice date of its own before (its notice is the
outbox's). Existing continuances are all of case hearings and keep theirs."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('enforcement', '0016_hearing_time_and_place'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='hearingcontinuance',
            name='appeal',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='continuances', to='enforcement.appeal'),
        ),
        migrations.AlterField(
            model_name='hearingcontinuance',
            name='hearing',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='continuances', to='enforcement.casehearing'),
        ),
        migrations.AlterField(
            model_name='hearingcontinuance',
            name='previous_notice_sent_on',
            field=models.DateField(blank=True, help_text="A case hearing's notice date before; blank for an appeal's hearing, whose notice is the outbox's, sent the day it was set.", null=True),
        ),
        migrations.AddConstraint(
            model_name='hearingcontinuance',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('appeal__isnull', True), ('hearing__isnull', False), ('previous_notice_sent_on__isnull', False)), models.Q(('appeal__isnull', False), ('hearing__isnull', True)), _connector='OR'), name='hearing_continuance_of_one_hearing'),
        ),
    ]
