"""What every test of the suite shares: one Hypothesis profile, loaded for the whole suite.

The suite runs on a busy machine (two cores shared by several people, a load average of 13 seen):
there a test's example may take ten times as long as on a quiet one, and Hypothesis's own timing
checks (the deadline per example, "input generation is slow") would fail tests whose code is right.
So no test here has a deadline or a health check that the machine's load can trip; a test may still
set how many examples it runs (``@settings(max_examples=...)`` inherits the rest from this profile),
never a deadline or health checks of its own (tests/test_hypothesis_profile.py checks both).
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

#: The profile's name, and the health checks that measure time or size (both grow with the machine's
#: load, not with a fault in the code under test).
PROFILE = "access-game"
LOAD_BOUND_CHECKS = (HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large)

settings.register_profile(PROFILE, deadline=None, suppress_health_check=LOAD_BOUND_CHECKS)
settings.load_profile(PROFILE)
