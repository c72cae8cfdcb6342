-- The NFT marketplace (issue 13): media, artists, collections, blind-box series, items (artworks and
-- boxes), listings (fixed price, auction, blind box), bids, margins, orders, transfers of ownership,
-- draws, favourites and messages. Times are epoch milliseconds from the server's clock (tests move it);
-- every balance change is a ledger entry naming one of these rows.
CREATE TABLE "nft_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL UNIQUE,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"operator_id" integer REFERENCES "operators"("id"),
	"uploaded_at" bigint NOT NULL,
	CONSTRAINT "nft_media_kind_check" CHECK ("kind" IN ('image', 'gif', 'audio', 'video')),
	CONSTRAINT "nft_media_bytes_check" CHECK ("bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "nft_artists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"bio" jsonb NOT NULL,
	"avatar_media_id" integer REFERENCES "nft_media"("id"),
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nft_collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"cover_media_id" integer REFERENCES "nft_media"("id"),
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
-- A blind-box series: published with the SHA-256 of its server seed; the seed itself is revealed once
-- the sale has ended and every box is opened.
CREATE TABLE "nft_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL UNIQUE,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"cover_media_id" integer NOT NULL REFERENCES "nft_media"("id"),
	"currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"price" numeric(36, 18) NOT NULL,
	"start_at" bigint NOT NULL,
	"end_at" bigint NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"server_seed" text,
	"seed_hash" text,
	"revealed_at" bigint,
	"pool_size" integer DEFAULT 0 NOT NULL,
	"boxes_sold" integer DEFAULT 0 NOT NULL,
	"boxes_opened" integer DEFAULT 0 NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "nft_series_status_check" CHECK ("status" IN ('draft', 'published', 'revealed')),
	CONSTRAINT "nft_series_figures_check" CHECK ("price" > 0 AND "end_at" > "start_at" AND "boxes_opened" >= 0
		AND "boxes_opened" <= "boxes_sold" AND "boxes_sold" <= "pool_size"),
	CONSTRAINT "nft_series_seed_check" CHECK (("status" = 'draft') = ("seed_hash" IS NULL) AND ("status" = 'draft') = ("server_seed" IS NULL)
		AND ("status" = 'revealed') = ("revealed_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "nft_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL UNIQUE,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"media_type" text NOT NULL,
	"media_id" integer REFERENCES "nft_media"("id"),
	"cover_media_id" integer REFERENCES "nft_media"("id"),
	"artist_id" integer REFERENCES "nft_artists"("id"),
	"collection_id" integer REFERENCES "nft_collections"("id"),
	"rarity" text,
	"owner_user_id" integer REFERENCES "users"("id"),
	"state" text NOT NULL,
	"series_id" integer REFERENCES "nft_series"("id"),
	"pool_weight" integer,
	"box_number" integer,
	"user_seed" text,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "nft_items_kind_check" CHECK ("kind" IN ('artwork', 'box')),
	CONSTRAINT "nft_items_media_type_check" CHECK ("media_type" IN ('image', 'gif', 'audio', 'video', 'blind_box')),
	CONSTRAINT "nft_items_rarity_check" CHECK ("rarity" IS NULL OR "rarity" IN ('common', 'rare', 'epic', 'legendary')),
	CONSTRAINT "nft_items_state_check" CHECK ("state" IN ('held', 'listed', 'pooled', 'unopened', 'opened')),
	-- An artwork has its file, a cover and an artist; a box is a blind box of a series, numbered, held by a user.
	CONSTRAINT "nft_items_shape_check" CHECK (
		("kind" = 'artwork' AND "media_type" <> 'blind_box' AND "media_id" IS NOT NULL AND "cover_media_id" IS NOT NULL
			AND "artist_id" IS NOT NULL AND "rarity" IS NOT NULL AND "state" IN ('held', 'listed', 'pooled') AND "box_number" IS NULL)
		OR ("kind" = 'box' AND "media_type" = 'blind_box' AND "series_id" IS NOT NULL AND "box_number" > 0
			AND "owner_user_id" IS NOT NULL AND "state" IN ('unopened', 'opened'))),
	-- A pooled artwork belongs to the platform and to one series, with its weight.
	CONSTRAINT "nft_items_pool_check" CHECK ("state" <> 'pooled' OR ("owner_user_id" IS NULL AND "series_id" IS NOT NULL AND "pool_weight" > 0))
);
--> statement-breakpoint
CREATE INDEX "nft_items_owner_idx" ON "nft_items" ("owner_user_id", "state");
--> statement-breakpoint
CREATE INDEX "nft_items_series_idx" ON "nft_items" ("series_id", "state");
--> statement-breakpoint
CREATE UNIQUE INDEX "nft_items_box_number_key" ON "nft_items" ("series_id", "box_number");
--> statement-breakpoint
CREATE TABLE "nft_listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_type" text NOT NULL,
	"item_id" integer REFERENCES "nft_items"("id"),
	"series_id" integer REFERENCES "nft_series"("id"),
	"seller_user_id" integer REFERENCES "users"("id"),
	"currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"price" numeric(36, 18) NOT NULL,
	"increment" numeric(36, 18),
	"margin" numeric(36, 18),
	"fee_ratio" numeric(36, 18) NOT NULL,
	"start_at" bigint,
	"end_at" bigint,
	"times_days" integer,
	"status" text NOT NULL,
	"current_bid" numeric(36, 18),
	"current_bidder_id" integer REFERENCES "users"("id"),
	"bid_count" integer DEFAULT 0 NOT NULL,
	"buyer_id" integer REFERENCES "users"("id"),
	"reviewed_by" integer REFERENCES "operators"("id"),
	"reviewed_at" bigint,
	"review_note" text,
	"ended_at" bigint,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "nft_listings_sale_type_check" CHECK ("sale_type" IN ('normal', 'auction', 'blind_box')),
	CONSTRAINT "nft_listings_status_check" CHECK ("status" IN ('reviewing', 'rejected', 'on_sale', 'awaiting_payment', 'sold', 'unsold')),
	CONSTRAINT "nft_listings_target_check" CHECK (("sale_type" = 'blind_box') = ("series_id" IS NOT NULL) AND ("sale_type" = 'blind_box') = ("item_id" IS NULL)),
	CONSTRAINT "nft_listings_figures_check" CHECK ("price" > 0 AND "fee_ratio" >= 0 AND "fee_ratio" < 1 AND "bid_count" >= 0
		AND ("sale_type" <> 'auction' OR ("increment" > 0 AND "margin" > 0))
		AND ("start_at" IS NULL) = ("end_at" IS NULL) AND ("end_at" IS NULL OR "end_at" > "start_at")
		AND ("status" IN ('reviewing', 'rejected') OR "start_at" IS NOT NULL)),
	-- A user's resale waits for review; only the platform lists blind boxes.
	CONSTRAINT "nft_listings_seller_check" CHECK (("sale_type" <> 'blind_box' OR "seller_user_id" IS NULL)
		AND ("status" NOT IN ('reviewing', 'rejected') OR "seller_user_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "nft_listings_status_idx" ON "nft_listings" ("status", "end_at");
--> statement-breakpoint
CREATE INDEX "nft_listings_seller_idx" ON "nft_listings" ("seller_user_id", "status");
--> statement-breakpoint
-- An item is in at most one open listing: two listings can never sell it twice.
CREATE UNIQUE INDEX "nft_listings_open_item_key" ON "nft_listings" ("item_id") WHERE "status" IN ('reviewing', 'on_sale', 'awaiting_payment');
--> statement-breakpoint
CREATE TABLE "nft_bids" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL REFERENCES "nft_listings"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"price" numeric(36, 18) NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "nft_bids_price_check" CHECK ("price" > 0)
);
--> statement-breakpoint
CREATE INDEX "nft_bids_listing_idx" ON "nft_bids" ("listing_id", "id");
--> statement-breakpoint
CREATE INDEX "nft_bids_user_idx" ON "nft_bids" ("user_id", "id");
--> statement-breakpoint
-- One margin per bidder and auction: held while it runs (the winner's until paid), then returned or forfeited once.
CREATE TABLE "nft_margins" (
	"listing_id" integer NOT NULL REFERENCES "nft_listings"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"amount" numeric(36, 18) NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"paid_at" bigint NOT NULL,
	"settled_at" bigint,
	CONSTRAINT "nft_margins_pkey" PRIMARY KEY ("listing_id", "user_id"),
	CONSTRAINT "nft_margins_status_check" CHECK ("status" IN ('held', 'returned', 'forfeited')),
	CONSTRAINT "nft_margins_figures_check" CHECK ("amount" > 0 AND ("status" = 'held') = ("settled_at" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "nft_margins_held_idx" ON "nft_margins" ("currency_id") WHERE "status" = 'held';
--> statement-breakpoint
CREATE TABLE "nft_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL REFERENCES "nft_listings"("id"),
	"item_id" integer NOT NULL REFERENCES "nft_items"("id"),
	"buyer_id" integer NOT NULL REFERENCES "users"("id"),
	"seller_user_id" integer REFERENCES "users"("id"),
	"currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"price" numeric(36, 18) NOT NULL,
	"fee" numeric(36, 18) DEFAULT '0' NOT NULL,
	"margin" numeric(36, 18) DEFAULT '0' NOT NULL,
	"due_at" bigint,
	"status" text NOT NULL,
	"created_at" bigint NOT NULL,
	"paid_at" bigint,
	"expired_at" bigint,
	CONSTRAINT "nft_orders_status_check" CHECK ("status" IN ('unpaid', 'paid', 'expired')),
	CONSTRAINT "nft_orders_figures_check" CHECK ("price" > 0 AND "fee" >= 0 AND "fee" <= "price" AND "margin" >= 0
		AND ("status" = 'paid') = ("paid_at" IS NOT NULL) AND ("status" = 'expired') = ("expired_at" IS NOT NULL)
		AND ("status" <> 'unpaid' OR "due_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "nft_orders_buyer_idx" ON "nft_orders" ("buyer_id", "status", "id");
--> statement-breakpoint
CREATE INDEX "nft_orders_due_idx" ON "nft_orders" ("due_at") WHERE "status" = 'unpaid';
--> statement-breakpoint
-- An auction has at most one order (its winner's).
CREATE UNIQUE INDEX "nft_orders_auction_key" ON "nft_orders" ("listing_id") WHERE "due_at" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "nft_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL REFERENCES "nft_items"("id"),
	"from_user_id" integer REFERENCES "users"("id"),
	"to_user_id" integer REFERENCES "users"("id"),
	"reason" text NOT NULL,
	"order_id" integer REFERENCES "nft_orders"("id"),
	"price" numeric(36, 18),
	"currency_id" integer REFERENCES "currencies"("id"),
	"at" bigint NOT NULL,
	CONSTRAINT "nft_transfers_reason_check" CHECK ("reason" IN ('mint', 'sale', 'resale', 'auction', 'box_purchase', 'box_open'))
);
--> statement-breakpoint
CREATE INDEX "nft_transfers_item_idx" ON "nft_transfers" ("item_id", "id");
--> statement-breakpoint
CREATE INDEX "nft_transfers_from_idx" ON "nft_transfers" ("from_user_id", "id");
--> statement-breakpoint
-- A box's draw (one per box; an artwork is drawn at most once).
CREATE TABLE "nft_draws" (
	"box_item_id" integer PRIMARY KEY NOT NULL REFERENCES "nft_items"("id"),
	"series_id" integer NOT NULL REFERENCES "nft_series"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"nonce" integer NOT NULL,
	"user_seed" text NOT NULL,
	"pool" jsonb NOT NULL,
	"total" integer NOT NULL,
	"point" integer NOT NULL,
	"digest" text NOT NULL,
	"item_id" integer NOT NULL UNIQUE REFERENCES "nft_items"("id"),
	"drawn_at" bigint NOT NULL,
	CONSTRAINT "nft_draws_figures_check" CHECK ("total" > 0 AND "point" >= 0 AND "point" < "total" AND "nonce" > 0)
);
--> statement-breakpoint
CREATE INDEX "nft_draws_series_idx" ON "nft_draws" ("series_id");
--> statement-breakpoint
CREATE TABLE "nft_favourites" (
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"code" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "nft_favourites_pkey" PRIMARY KEY ("user_id", "code")
);
--> statement-breakpoint
CREATE TABLE "nft_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"kind" text NOT NULL,
	"item_id" integer REFERENCES "nft_items"("id"),
	"series_id" integer REFERENCES "nft_series"("id"),
	"listing_id" integer REFERENCES "nft_listings"("id"),
	"figures" jsonb NOT NULL,
	"read_at" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "nft_messages_user_idx" ON "nft_messages" ("user_id", "id");
