ALTER TABLE "credits" RENAME COLUMN "title_id" TO "tmdb_id";--> statement-breakpoint
ALTER TABLE "episodes" RENAME COLUMN "show_id" TO "tmdb_id";--> statement-breakpoint
ALTER TABLE "seasons" RENAME COLUMN "show_id" TO "tmdb_id";--> statement-breakpoint
ALTER TABLE "title_providers" RENAME COLUMN "title_id" TO "tmdb_id";--> statement-breakpoint
ALTER TABLE "my_list" RENAME COLUMN "media_id" TO "tmdb_id";--> statement-breakpoint
ALTER TABLE "watch_events" RENAME COLUMN "item_id" TO "tmdb_id";--> statement-breakpoint
ALTER TABLE "watch_history" RENAME COLUMN "media_id" TO "tmdb_id";--> statement-breakpoint
ALTER TABLE "credits" RENAME CONSTRAINT "credits_media_type_title_id_kind_order_pk" TO "credits_media_type_tmdb_id_kind_order_pk";--> statement-breakpoint
ALTER TABLE "episodes" RENAME CONSTRAINT "episodes_show_id_season_number_episode_number_pk" TO "episodes_tmdb_id_season_number_episode_number_pk";--> statement-breakpoint
ALTER TABLE "seasons" RENAME CONSTRAINT "seasons_show_id_season_number_pk" TO "seasons_tmdb_id_season_number_pk";--> statement-breakpoint
ALTER TABLE "title_providers" RENAME CONSTRAINT "title_providers_media_type_title_id_provider_id_region_pk" TO "title_providers_media_type_tmdb_id_provider_id_region_pk";--> statement-breakpoint
ALTER TABLE "my_list" RENAME CONSTRAINT "my_list_user_id_media_type_media_id_pk" TO "my_list_user_id_media_type_tmdb_id_pk";--> statement-breakpoint
ALTER TABLE "watch_events" RENAME CONSTRAINT "watch_events_user_id_item_type_item_id_pk" TO "watch_events_user_id_item_type_tmdb_id_pk";--> statement-breakpoint
ALTER TABLE "watch_history" RENAME CONSTRAINT "watch_history_user_id_media_type_media_id_pk" TO "watch_history_user_id_media_type_tmdb_id_pk";