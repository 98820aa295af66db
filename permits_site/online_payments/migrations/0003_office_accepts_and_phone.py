from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('online_payments', '0002_municipality_moved_to_towns'),
    ]

    operations = [
        migrations.AddField(
            model_name='paymentoffice',
            name='accepts',
            field=models.CharField(default='Cash, check or money order', help_text='What the office takes in person, as every invoice and citation says it; for example: Cash, check, money order or card.', max_length=200, verbose_name='the counter takes'),
        ),
        migrations.AddField(
            model_name='paymentoffice',
            name='phone',
            field=models.CharField(blank=True, help_text='Printed where a resident checks a license or asks about a payment; for example: (978) 555-0100.', max_length=30, verbose_name='office telephone'),
        ),
    ]
