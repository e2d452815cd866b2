CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"avatar" text NOT NULL,
	"kind" text DEFAULT 'adult' NOT NULL,
	"pin_hash" text,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_user_position_unique" UNIQUE("user_id","position")
);
--> statement-breakpoint
ALTER TABLE "my_list" DROP CONSTRAINT "my_list_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "search_history" DROP CONSTRAINT "search_history_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "watch_events" DROP CONSTRAINT "watch_events_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "watch_history" DROP CONSTRAINT "watch_history_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "watch_progress" DROP CONSTRAINT "watch_progress_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN IF NOT EXISTS "active_profile_id" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_user_id_idx" ON "profiles" USING btree ("user_id");--> statement-breakpoint
-- PROFILE-2 in docs/requirements.md: every account gets its default profile, whose id is the
-- account's, so the personal rows saved so far (keyed by the account's id) are its rows.
INSERT INTO "profiles" ("id", "user_id", "name", "avatar", "position", "created_at")
  SELECT u."id", u."id", left(coalesce(nullif(btrim(u."name"), ''), split_part(u."email", '@', 1)), 30),
         'avatar-1', 0, u."created_at"
  FROM "user" u
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- An account created from now on gets its default profile as its row is inserted, whoever inserts
-- it (better-auth's sign-up, a restore of an older backup, a test or a benchmark).
CREATE FUNCTION "profiles_default_for_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "profiles" ("id", "user_id", "name", "avatar", "position")
    VALUES (NEW."id", NEW."id",
            left(coalesce(nullif(btrim(NEW."name"), ''), split_part(NEW."email", '@', 1)), 30),
            'avatar-1', 0)
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_default_profile" AFTER INSERT ON "user"
  FOR EACH ROW EXECUTE FUNCTION "profiles_default_for_user"();--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_active_profile_id_profiles_id_fk" FOREIGN KEY ("active_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "my_list" ADD CONSTRAINT "my_list_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_history" ADD CONSTRAINT "search_history_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_events" ADD CONSTRAINT "watch_events_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_history" ADD CONSTRAINT "watch_history_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_progress" ADD CONSTRAINT "watch_progress_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;