CREATE TYPE "public"."invoice_attention" AS ENUM('cancel_window_passed', 'cancel_refused');--> statement-breakpoint
CREATE TYPE "public"."invoice_kind" AS ENUM('nfe', 'nfse');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('requested', 'processing', 'authorized', 'refused', 'denied', 'cancelled', 'dropped');--> statement-breakpoint
CREATE TABLE "invoice_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"from_status" "invoice_status",
	"to_status" "invoice_status" NOT NULL,
	"detail" text,
	"actor_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" "invoice_kind" NOT NULL,
	"ref" text NOT NULL,
	"status" "invoice_status" DEFAULT 'requested' NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"access_key" text,
	"number" text,
	"series" text,
	"document_url" text,
	"xml_url" text,
	"sefaz_status" text,
	"sefaz_message" text,
	"refusal_message" text,
	"refusal_field" text,
	"attention" "invoice_attention",
	"authorized_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_ref_unique" UNIQUE("ref"),
	CONSTRAINT "invoices_key_digits" CHECK ("invoices"."access_key" is null or "invoices"."access_key" ~ '^[0-9]{44}$' or "invoices"."kind" = 'nfse')
);
--> statement-breakpoint
CREATE TABLE "product_tax" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"ncm" text,
	"cfop" text,
	"origin" integer DEFAULT 0 NOT NULL,
	"icms_code" text,
	"service_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_tax_codes" CHECK (("product_tax"."ncm" is null or "product_tax"."ncm" ~ '^[0-9]{8}$') and ("product_tax"."cfop" is null or "product_tax"."cfop" ~ '^[0-9]{4}$') and "product_tax"."origin" between 0 and 8 and ("product_tax"."icms_code" is null or "product_tax"."icms_code" ~ '^[0-9]{2,3}$') and ("product_tax"."service_code" is null or "product_tax"."service_code" ~ '^[0-9]{6}$'))
);
--> statement-breakpoint
ALTER TABLE "invoice_history" ADD CONSTRAINT "invoice_history_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tax" ADD CONSTRAINT "product_tax_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_history_invoice" ON "invoice_history" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order_kind" ON "invoices" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "invoices_status" ON "invoices" USING btree ("status","updated_at");