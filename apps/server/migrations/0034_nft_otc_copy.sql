-- Issue 22, NFT, OTC and copy trading.
-- An NFT bid is backed by funds: the part above the margin is frozen in the bidder's spot account while
-- the bid leads (hold_status 'held'), released when outbid or at the end ('released'), or applied to the
-- winner's payment ('applied'). Bids from before this migration hold nothing (hold_status null).
ALTER TABLE "nft_bids" ADD COLUMN "hold" numeric(36, 18) DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "nft_bids" ADD COLUMN "hold_status" text;
--> statement-breakpoint
ALTER TABLE "nft_bids" ADD CONSTRAINT "nft_bids_hold_status_check" CHECK ("hold_status" IS NULL OR "hold_status" IN ('held', 'released', 'applied'));
--> statement-breakpoint
CREATE INDEX "nft_bids_held_idx" ON "nft_bids" USING btree ("listing_id") WHERE "hold_status" = 'held';
--> statement-breakpoint
-- A blind-box series' server seed during its sale is kept only sealed (AES-256-GCM with a key from the
-- environment); server_seed holds it in clear once revealed at the sale's end.
ALTER TABLE "nft_series" ADD COLUMN "server_seed_sealed" text;
--> statement-breakpoint
ALTER TABLE "nft_series" DROP CONSTRAINT "nft_series_seed_check";
--> statement-breakpoint
-- Published: the hash, and the seed sealed (or in clear for a series published before sealing); revealed: in clear.
ALTER TABLE "nft_series" ADD CONSTRAINT "nft_series_seed_check" CHECK (("status" = 'draft') = ("seed_hash" IS NULL)
	AND ("status" = 'draft') = ("server_seed" IS NULL AND "server_seed_sealed" IS NULL)
	AND ("status" <> 'revealed' OR "server_seed" IS NOT NULL)
	AND ("status" = 'revealed') = ("revealed_at" IS NOT NULL));
--> statement-breakpoint
-- A paid OTC order goes to appeal by itself when its release limit passes (the limit in force when it was marked paid).
ALTER TABLE "otc_orders" ADD COLUMN "release_due_at" bigint;
--> statement-breakpoint
UPDATE "otc_orders" SET "release_due_at" = "paid_at" + 1800000 WHERE "status" = 'paid' AND "paid_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "otc_orders_release_due_idx" ON "otc_orders" USING btree ("release_due_at") WHERE "status" = 'paid';
--> statement-breakpoint
ALTER TABLE "otc_appeals" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- A copy the follower took over (self-hold): the trader's share settled on the profit at that moment's
-- mark, citing the tick, so taking a winning copy over does not dodge the agreed share.
CREATE TABLE "copy_self_holds" (
	"position_id" bigint PRIMARY KEY NOT NULL,
	"follower_id" integer NOT NULL REFERENCES "users"("id"),
	"trader_id" integer NOT NULL REFERENCES "users"("id"),
	"tick_id" bigint NOT NULL,
	"mark_price" numeric(36, 18) NOT NULL,
	"profit" numeric(36, 18) NOT NULL,
	"share" numeric(36, 18) NOT NULL,
	"at" timestamp with time zone NOT NULL
);
