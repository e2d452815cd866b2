CREATE TABLE "catalogue_rankings" (
	"media_type" text PRIMARY KEY NOT NULL,
	"newest_year" integer NOT NULL,
	"listed" integer DEFAULT 0 NOT NULL,
	"viewers_until" timestamp with time zone,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"titles" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trending_viewers" (
	"media_type" text NOT NULL,
	"tmdb_id" integer NOT NULL,
	"viewers" integer NOT NULL,
	CONSTRAINT "trending_viewers_media_type_tmdb_id_pk" PRIMARY KEY("media_type","tmdb_id")
);
--> statement-breakpoint
DROP INDEX "title_providers_provider_idx";--> statement-breakpoint
DROP INDEX "titles_search_trgm_idx";--> statement-breakpoint
DROP INDEX "titles_title_prefix_idx";--> statement-breakpoint
DROP INDEX "watch_events_first_watched_idx";--> statement-breakpoint
ALTER TABLE "title_providers" ADD COLUMN "popularity" real;--> statement-breakpoint
ALTER TABLE "titles" ADD COLUMN "trending_score" real;--> statement-breakpoint
ALTER TABLE "titles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, lower(title || ' ' || coalesce(original_title, '')))) STORED;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "title_providers_rank_idx" ON "title_providers" USING btree ("provider_id","region","media_type","popularity" DESC NULLS LAST,"tmdb_id");--> statement-breakpoint
CREATE INDEX "titles_trending_idx" ON "titles" USING btree ("media_type","trending_score" DESC NULLS LAST,"vote_count" DESC NULLS LAST,"id") WHERE title <> '';--> statement-breakpoint
CREATE INDEX "titles_release_date_idx" ON "titles" USING btree ("media_type","release_date");--> statement-breakpoint
CREATE INDEX "titles_search_vector_idx" ON "titles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "titles_lower_title_idx" ON "titles" USING btree ("media_type",lower("title"));--> statement-breakpoint
CREATE INDEX "watch_events_title_idx" ON "watch_events" USING btree ("media_type","tmdb_id","first_watched_at");--> statement-breakpoint
CREATE INDEX "watch_events_first_watched_idx" ON "watch_events" USING btree ("first_watched_at","user_id","media_type","tmdb_id");