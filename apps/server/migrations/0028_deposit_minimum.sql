-- Issue 16: the receive page names a network's minimum deposit, and a declaration below it is refused. 0 is none.
ALTER TABLE "currency_networks" ADD COLUMN "deposit_min" numeric(36, 18) DEFAULT '0' NOT NULL;
