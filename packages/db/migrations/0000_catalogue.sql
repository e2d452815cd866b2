CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "anime_links" (
	"media_type" text NOT NULL,
	"tmdb_id" integer NOT NULL,
	"anilist_id" integer NOT NULL,
	CONSTRAINT "anime_links_media_type_tmdb_id_anilist_id_pk" PRIMARY KEY("media_type","tmdb_id","anilist_id")
);
--> statement-breakpoint
CREATE TABLE "anime_media" (
	"id" integer PRIMARY KEY NOT NULL,
	"id_mal" integer,
	"title_english" text,
	"title_romaji" text,
	"title_native" text,
	"type" text DEFAULT 'ANIME' NOT NULL,
	"format" text,
	"status" text,
	"episodes" integer,
	"duration" integer,
	"start_year" integer,
	"start_month" integer,
	"start_day" integer,
	"description" text,
	"cover_image_large" text,
	"average_score" integer,
	"popularity" integer,
	"genres" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "anime_relations" (
	"media_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"relation_type" text NOT NULL,
	"node_title_romaji" text,
	"node_type" text,
	CONSTRAINT "anime_relations_media_id_node_id_relation_type_pk" PRIMARY KEY("media_id","node_id","relation_type")
);
--> statement-breakpoint
CREATE TABLE "credits" (
	"media_type" text NOT NULL,
	"title_id" integer NOT NULL,
	"kind" text NOT NULL,
	"order" smallint NOT NULL,
	"cast_id" integer,
	"person_id" integer,
	"name" text NOT NULL,
	"character" text,
	"job" text,
	"department" text,
	"profile_path" text,
	CONSTRAINT "credits_media_type_title_id_kind_order_pk" PRIMARY KEY("media_type","title_id","kind","order")
);
--> statement-breakpoint
CREATE TABLE "episodes" (
	"show_id" integer NOT NULL,
	"season_number" integer NOT NULL,
	"episode_number" integer NOT NULL,
	"id" integer NOT NULL,
	"name" text NOT NULL,
	"overview" text,
	"air_date" date,
	"still_path" text,
	"runtime" integer,
	"vote_average" real,
	CONSTRAINT "episodes_show_id_season_number_episode_number_pk" PRIMARY KEY("show_id","season_number","episode_number")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"show_id" integer NOT NULL,
	"season_number" integer NOT NULL,
	"id" integer NOT NULL,
	"name" text NOT NULL,
	"overview" text,
	"air_date" date,
	"poster_path" text,
	"episode_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "seasons_show_id_season_number_pk" PRIMARY KEY("show_id","season_number")
);
--> statement-breakpoint
CREATE TABLE "title_providers" (
	"media_type" text NOT NULL,
	"title_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"region" text NOT NULL,
	CONSTRAINT "title_providers_media_type_title_id_provider_id_region_pk" PRIMARY KEY("media_type","title_id","provider_id","region")
);
--> statement-breakpoint
CREATE TABLE "titles" (
	"media_type" text NOT NULL,
	"id" integer NOT NULL,
	"title" text NOT NULL,
	"original_title" text,
	"original_language" text,
	"overview" text,
	"tagline" text,
	"release_date" date,
	"last_air_date" date,
	"status" text,
	"runtime" integer,
	"episode_run_time" integer,
	"number_of_episodes" integer,
	"number_of_seasons" integer,
	"poster_path" text,
	"backdrop_path" text,
	"vote_average" real,
	"vote_count" integer,
	"popularity" real,
	"imdb_id" text,
	"trailer_key" text,
	"genres" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"spoken_languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "titles_media_type_id_pk" PRIMARY KEY("media_type","id")
);
--> statement-breakpoint
CREATE INDEX "anime_links_anilist_idx" ON "anime_links" USING btree ("anilist_id");--> statement-breakpoint
CREATE INDEX "anime_media_title_english_trgm_idx" ON "anime_media" USING gist (lower(coalesce("title_english", '')) gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "anime_media_title_romaji_trgm_idx" ON "anime_media" USING gist (lower(coalesce("title_romaji", '')) gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "credits_name_idx" ON "credits" USING btree ("name");--> statement-breakpoint
CREATE INDEX "title_providers_provider_idx" ON "title_providers" USING btree ("provider_id","region","media_type");--> statement-breakpoint
CREATE INDEX "titles_popularity_idx" ON "titles" USING btree ("media_type","popularity" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "titles_title_trgm_idx" ON "titles" USING gist (lower("title") gist_trgm_ops(siglen=64));--> statement-breakpoint
CREATE INDEX "titles_original_title_trgm_idx" ON "titles" USING gist (lower(coalesce("original_title", '')) gist_trgm_ops(siglen=64));--> statement-breakpoint
CREATE INDEX "titles_title_prefix_idx" ON "titles" USING btree ("media_type",lower("title") text_pattern_ops);