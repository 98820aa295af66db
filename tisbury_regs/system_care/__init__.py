"""What an on-site sewage disposal system in Tisbury must be built and kept like, printed as
conditions on the permits that concern it (Board of Health Regulations 09.0.8, 09.1.3, 09.4.4,
09.4.5, 09.9.6, 09.9.7): the disposal works construction permit and the septage handler's
permit."""
