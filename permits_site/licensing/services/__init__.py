"""Service functions: every state change of the core goes through one of these.

Each is keyword-only, runs in one transaction and writes one audit entry
(DESIGN convention 1).
"""
