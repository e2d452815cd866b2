CREATE TABLE "search_postings" (
	"media_type" text NOT NULL,
	"word" text NOT NULL,
	"popularity" real,
	"id" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_postings_rank_idx" ON "search_postings" USING btree ("media_type","word","popularity" DESC NULLS LAST,"id");--> statement-breakpoint
INSERT INTO "search_postings" ("media_type", "word", "popularity", "id")
  SELECT t."media_type", w.word, t."popularity", t."id"
  FROM "titles" t, unnest(tsvector_to_array(t."search_vector")) AS w(word)
  WHERE t."title" <> '';
