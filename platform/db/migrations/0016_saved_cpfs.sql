CREATE TABLE "saved_cpfs" (
	"user_id" text PRIMARY KEY NOT NULL,
	"cpf" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_cpfs_digits" CHECK ("saved_cpfs"."cpf" ~ '^[0-9]{11}$')
);
--> statement-breakpoint
ALTER TABLE "saved_cpfs" ADD CONSTRAINT "saved_cpfs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;