ALTER TABLE "media_files" ADD COLUMN "size" bigint;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "mtime_ms" double precision;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "probe" jsonb;