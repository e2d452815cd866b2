CREATE TABLE "watch_progress" (
	"user_id" text NOT NULL,
	"media_type" text NOT NULL,
	"tmdb_id" integer NOT NULL,
	"season_number" integer DEFAULT 0 NOT NULL,
	"episode_number" integer DEFAULT 0 NOT NULL,
	"position_s" double precision NOT NULL,
	"duration_s" double precision NOT NULL,
	"watched" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_progress_pk" PRIMARY KEY("user_id","media_type","tmdb_id","season_number","episode_number")
);
--> statement-breakpoint
ALTER TABLE "watch_progress" ADD CONSTRAINT "watch_progress_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watch_progress_user_recent_idx" ON "watch_progress" USING btree ("user_id","updated_at" DESC NULLS LAST);