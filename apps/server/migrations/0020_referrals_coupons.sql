-- Issue 12: invitation rebates and coupons. SKELETON: the part that owns it writes its tables here.
SELECT 1;
