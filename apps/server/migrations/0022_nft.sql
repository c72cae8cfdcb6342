-- the NFT marketplace (issue 13). SKELETON: the part that owns it writes its tables here.
SELECT 1;
