-- Issue 12: content versions per language, site settings and customer-service threads. SKELETON: the part that owns it writes its tables here.
SELECT 1;
