CREATE TABLE "media_files" (
	"id" text PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_scans" (
	"id" smallint PRIMARY KEY NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"files" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "media_files_key_idx" ON "media_files" USING btree ("key");