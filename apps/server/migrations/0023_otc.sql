-- OTC and quick buy (issue 14). SKELETON: the part that owns it writes its tables here.
SELECT 1;
