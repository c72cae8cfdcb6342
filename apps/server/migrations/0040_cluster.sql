-- Several server processes on one database (cluster/membership.ts). A member is one running process:
-- its row says where peers reach it and the token they present; it is alive while it holds the advisory
-- lock (member lock namespace, its id) on a connection of its own, so a process that dies, even by
-- kill -9, is seen dead as soon as PostgreSQL closes its connection.
CREATE TABLE "cluster_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"token" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One row per lease ('core', 'spot:<symbol id>'): who holds it and its epoch, raised at each take-over.
-- A spot batch checks its writer's epoch in its own transaction (FOR SHARE), so a writer whose lease was
-- taken over can never commit beside the new holder's (fencing).
CREATE TABLE "cluster_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"member_id" integer,
	"epoch" bigint DEFAULT 0 NOT NULL,
	"taken_at" timestamp with time zone
);
