CREATE TABLE "rate_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "first_session_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_limit_window_ends_at_idx" ON "rate_limit" USING btree ("window_ends_at");--> statement-breakpoint
-- Users from before this migration were signed in at sign-up: their first session is behind them.
UPDATE "user" SET "first_session_at" = "created_at";
