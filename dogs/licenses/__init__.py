"""The dog license (North Andover Code ch. 60, Licenses A): a resident's dogs and where they
are kept, the license applied for, priced and issued with its tag, paper licenses, the
Clerk's renewal season with its reminders and mailing sheets, and a dog's record for staff.
"""
