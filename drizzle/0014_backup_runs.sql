CREATE TABLE "backup_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"file" text,
	"bytes" bigint,
	"error" text,
	CONSTRAINT "backup_runs_error_length" CHECK (char_length("backup_runs"."error") <= 2000)
);
