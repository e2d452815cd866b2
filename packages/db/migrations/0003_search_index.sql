DROP INDEX "titles_title_trgm_idx";--> statement-breakpoint
DROP INDEX "titles_original_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "titles_search_trgm_idx" ON "titles" USING gist ((lower("title" || ' ' || coalesce("original_title", ''))) gist_trgm_ops(siglen=64));