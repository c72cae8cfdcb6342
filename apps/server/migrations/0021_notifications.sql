-- Issue 12: notifications and system notices. SKELETON: the part that owns it writes its tables here.
SELECT 1;
