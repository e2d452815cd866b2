-- ROB-2 of docs/robustness.md: before the calls checked them (ROB-1), an import could store a
-- time no client can read ('infinity', '-infinity', year 294276, year 1) in a user's lists, and
-- that user's exports and progress answered 500 from then on. Each such time becomes the time
-- of this migration, as an import without a time does: outside 1870 to a year (366 days) from now.
UPDATE "watch_history" SET "watched_at" = now()
  WHERE NOT ("watched_at" BETWEEN '1870-01-01T00:00:00Z'::timestamptz AND now() + interval '366 days');--> statement-breakpoint
UPDATE "my_list" SET "added_at" = now()
  WHERE NOT ("added_at" BETWEEN '1870-01-01T00:00:00Z'::timestamptz AND now() + interval '366 days');--> statement-breakpoint
UPDATE "watch_progress" SET "updated_at" = now()
  WHERE NOT ("updated_at" BETWEEN '1870-01-01T00:00:00Z'::timestamptz AND now() + interval '366 days');--> statement-breakpoint
UPDATE "watch_events" SET "first_watched_at" = now()
  WHERE NOT ("first_watched_at" BETWEEN '1870-01-01T00:00:00Z'::timestamptz AND now() + interval '366 days');--> statement-breakpoint
UPDATE "watch_events" SET "last_watched_at" = now()
  WHERE NOT ("last_watched_at" BETWEEN '1870-01-01T00:00:00Z'::timestamptz AND now() + interval '366 days');--> statement-breakpoint
UPDATE "search_history" SET "created_at" = now()
  WHERE NOT ("created_at" BETWEEN '1870-01-01T00:00:00Z'::timestamptz AND now() + interval '366 days');
