CREATE TABLE "finance_stats" (
	"currency" text NOT NULL,
	"category" text NOT NULL,
	"amount" numeric(20, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "finance_stats_currency_category_pk" PRIMARY KEY("currency","category")
);
--> statement-breakpoint
CREATE TABLE "shipment_dim_stats" (
	"type" text NOT NULL,
	"dim" text NOT NULL,
	"value" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shipment_dim_stats_type_dim_value_pk" PRIMARY KEY("type","dim","value")
);
--> statement-breakpoint
CREATE TABLE "shipment_stats" (
	"type" text NOT NULL,
	"status" text NOT NULL,
	"day" date NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shipment_stats_type_status_day_pk" PRIMARY KEY("type","status","day")
);
