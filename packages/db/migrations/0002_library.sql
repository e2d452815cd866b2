CREATE TABLE "my_list" (
	"user_id" text NOT NULL,
	"media_type" text NOT NULL,
	"media_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "my_list_user_id_media_type_media_id_pk" PRIMARY KEY("user_id","media_type","media_id")
);
--> statement-breakpoint
CREATE TABLE "search_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_events" (
	"user_id" text NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"watch_count" integer DEFAULT 1 NOT NULL,
	"first_watched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_watched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_events_user_id_item_type_item_id_pk" PRIMARY KEY("user_id","item_type","item_id")
);
--> statement-breakpoint
CREATE TABLE "watch_history" (
	"user_id" text NOT NULL,
	"media_type" text NOT NULL,
	"media_id" integer NOT NULL,
	"watched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_history_user_id_media_type_media_id_pk" PRIMARY KEY("user_id","media_type","media_id")
);
--> statement-breakpoint
ALTER TABLE "my_list" ADD CONSTRAINT "my_list_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_history" ADD CONSTRAINT "search_history_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_events" ADD CONSTRAINT "watch_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_history" ADD CONSTRAINT "watch_history_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "my_list_recent_idx" ON "my_list" USING btree ("user_id","media_type","added_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_history_user_idx" ON "search_history" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "watch_events_user_recent_idx" ON "watch_events" USING btree ("user_id","last_watched_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "watch_events_first_watched_idx" ON "watch_events" USING btree ("first_watched_at");--> statement-breakpoint
CREATE INDEX "watch_history_recent_idx" ON "watch_history" USING btree ("user_id","media_type","watched_at" DESC NULLS LAST);