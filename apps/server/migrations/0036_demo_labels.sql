-- Reserved for issue 22's 0036_demo_labels work, which needed no schema change: a no-op kept so the journal's numbering stays as released.
SELECT 1;
