CREATE TYPE "public"."review_status" AS ENUM('pending', 'approved', 'hidden');--> statement-breakpoint
CREATE TABLE "product_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"author_name" text NOT NULL,
	"stars" integer NOT NULL,
	"comment" text,
	"status" "review_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moderated_at" timestamp with time zone,
	CONSTRAINT "product_reviews_stars" CHECK ("product_reviews"."stars" between 1 and 5),
	CONSTRAINT "product_reviews_comment" CHECK ("product_reviews"."comment" is null or char_length("product_reviews"."comment") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_stars_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "access_instructions" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "download_file" text;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_reviews_one_per_item" ON "product_reviews" USING btree ("order_id","product_id");--> statement-breakpoint
CREATE INDEX "product_reviews_product_approved" ON "product_reviews" USING btree ("product_id","created_at" DESC NULLS LAST) WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "product_reviews_status_created" ON "product_reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "product_reviews_user" ON "product_reviews" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_reviews" CHECK ("products"."review_count" >= 0 and "products"."review_stars_sum" >= 0);--> statement-breakpoint
-- Shops seeded before this migration get the catalogue's texts and the e-book's file (decision 030); the seed writes them for new shops.
UPDATE "products" SET "download_file" = 'ebook-cultivo-avancado.pdf' WHERE "id" = '550e8400-e29b-41d4-a716-446655440202' AND "download_file" IS NULL;--> statement-breakpoint
UPDATE "products" SET "access_instructions" = 'Para agendar, responda ao e-mail de confirmação do pagamento ou fale com o suporte pelo WhatsApp informando o número do pedido. Combinamos o dia e o horário da primeira sessão em até 2 dias úteis.' WHERE "id" IN ('550e8400-e29b-41d4-a716-446655440101', '550e8400-e29b-41d4-a716-446655440102', '550e8400-e29b-41d4-a716-446655440103') AND "access_instructions" IS NULL;--> statement-breakpoint
UPDATE "products" SET "access_instructions" = 'O convite para a área do aluno chega em até 1 dia útil no e-mail da sua conta. Crie sua senha pelo convite; o acesso vale por 12 meses a partir do primeiro login.' WHERE "id" = '550e8400-e29b-41d4-a716-446655440201' AND "access_instructions" IS NULL;--> statement-breakpoint
UPDATE "products" SET "access_instructions" = 'O PDF abre em qualquer leitor de PDF, no celular ou no computador. As atualizações gratuitas chegam pelo mesmo download do seu painel, em Pedidos.' WHERE "id" = '550e8400-e29b-41d4-a716-446655440202' AND "access_instructions" IS NULL;--> statement-breakpoint
UPDATE "products" SET "access_instructions" = 'A data, o horário e o link da videochamada da próxima turma chegam por e-mail até 3 dias antes do encontro. A gravação fica disponível por 30 dias depois dele.' WHERE "id" = '550e8400-e29b-41d4-a716-446655440203' AND "access_instructions" IS NULL;
