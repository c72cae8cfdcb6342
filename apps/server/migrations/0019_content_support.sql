-- Issue 12: content versions per language, operators' content images and customer-service threads.
-- News, banners and the pages (FAQ, contact, about, compliance) become items with one version per
-- language (news_versions): the reader's language picks the version, else English. Rows written before
-- keep their text as the version in their language. Times are set from the server's clock on write.
ALTER TABLE "news" ALTER COLUMN "category_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "page_key" text;
--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;
--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "publish_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- Bumped at every save: the popup's version, which a client shows once.
ALTER TABLE "news" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "news" SET "status" = CASE WHEN "published" THEN 'published' ELSE 'draft' END, "publish_at" = "created_at", "updated_at" = "created_at";
--> statement-breakpoint
CREATE TABLE "news_versions" (
	"news_id" integer NOT NULL REFERENCES "news"("id") ON DELETE CASCADE,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	CONSTRAINT "news_versions_pkey" PRIMARY KEY ("news_id", "lang")
);
--> statement-breakpoint
INSERT INTO "news_versions" ("news_id", "lang", "title", "content", "image")
	SELECT DISTINCT ON ("id") "id", "lang", "title", "content", "thumbnail" FROM "news" ORDER BY "id";
--> statement-breakpoint
DROP INDEX "news_category_idx";
--> statement-breakpoint
ALTER TABLE "news" DROP COLUMN "lang", DROP COLUMN "title", DROP COLUMN "content", DROP COLUMN "thumbnail", DROP COLUMN "link", DROP COLUMN "published";
--> statement-breakpoint
-- NOT VALID: a row of an unknown category written before is left as it is (no reader ever saw it).
ALTER TABLE "news" ADD CONSTRAINT "news_kind_check" CHECK (("category_id" IN (4, 5) AND "page_key" IS NULL)
	OR ("category_id" IS NULL AND "page_key" IN ('faq', 'contactus', 'aboutus', 'operational_compliance'))) NOT VALID;
--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_status_check" CHECK ("status" IN ('draft', 'published'));
--> statement-breakpoint
CREATE UNIQUE INDEX "news_page_key" ON "news" USING btree ("page_key") WHERE "page_key" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "news_listing_idx" ON "news" USING btree ("category_id", "status", "publish_at");
--> statement-breakpoint
-- Images operators upload into content: public files (articles are public pages), apart from users' uploads.
CREATE TABLE "content_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"operator_id" integer REFERENCES "operators"("id"),
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "content_images_file_name_key" ON "content_images" USING btree ("file_name");
--> statement-breakpoint
CREATE INDEX "content_images_created_idx" ON "content_images" USING btree ("created_at", "id");
--> statement-breakpoint
-- One customer-service thread per user; each side has read up to a message id (unread = the other side's later messages).
CREATE TABLE "support_threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"last_message_at" timestamp with time zone NOT NULL,
	"user_read_id" bigint DEFAULT 0 NOT NULL,
	"operator_read_id" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "support_threads_user_key" ON "support_threads" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "support_threads_last_idx" ON "support_threads" USING btree ("last_message_at", "id");
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"thread_id" integer NOT NULL REFERENCES "support_threads"("id"),
	"author" text NOT NULL,
	"operator_id" integer REFERENCES "operators"("id"),
	"body" text DEFAULT '' NOT NULL,
	"image" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_messages_author_check" CHECK (("author" = 'user' AND "operator_id" IS NULL) OR ("author" = 'operator' AND "operator_id" IS NOT NULL)),
	CONSTRAINT "support_messages_content_check" CHECK ("body" <> '' OR "image" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX "support_messages_thread_idx" ON "support_messages" USING btree ("thread_id", "id");
--> statement-breakpoint
CREATE INDEX "support_messages_image_idx" ON "support_messages" USING btree ("image") WHERE "image" IS NOT NULL;
