-- PROFILE-7 in docs/requirements.md: every title's age rating, and a kids' profile's limit.
-- `certification` is the rating as its country's board wrote it ('PG-13', 'TV-14', '12'),
-- `rating_age` the youngest age it suits on the one scale every region is mapped onto (DEC-31 in
-- docs/decisions.md); null when no rating is known.
ALTER TABLE "titles" ADD COLUMN IF NOT EXISTS "certification" text;--> statement-breakpoint
ALTER TABLE "titles" ADD COLUMN IF NOT EXISTS "rating_age" smallint;--> statement-breakpoint
-- A kids' profile sees titles rated at most `max_rating_age`; titles with no known rating only
-- when `show_unrated`. Adult profiles have no limit (null).
ALTER TABLE "profiles" ADD COLUMN IF NOT EXISTS "max_rating_age" smallint;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN IF NOT EXISTS "show_unrated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The active profile's limit travels with the session, as its id does, so a request learns it
-- in the one session lookup it makes anyway (PERF-7): kept by the profiles module on a switch
-- and on every change of the profile.
ALTER TABLE "session" ADD COLUMN IF NOT EXISTS "rating_ceiling" smallint;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN IF NOT EXISTS "rating_unrated" boolean DEFAULT false NOT NULL;
