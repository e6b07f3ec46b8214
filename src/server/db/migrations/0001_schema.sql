CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" uuid NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"iata_code" text NOT NULL,
	"name" text NOT NULL,
	"iso_country" text NOT NULL,
	"municipality" text,
	CONSTRAINT "airports_iata_code_unique" UNIQUE("iata_code")
);
--> statement-breakpoint
CREATE TABLE "carriers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"registration_number" text,
	"contact_email" text,
	"contact_phone" text,
	"website" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"carrier_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consolidation_agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"registration_number" text,
	"contact_email" text,
	"contact_phone" text,
	"website" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"position" text,
	"phone" text,
	"is_primary_contact" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seaports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"un_code" text,
	CONSTRAINT "seaports_un_code_unique" UNIQUE("un_code")
);
--> statement-breakpoint
CREATE TABLE "service_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"registration_number" text,
	"contact_email" text,
	"contact_phone" text,
	"website" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"service_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_containers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"number" text NOT NULL,
	"carrier_seal_number" text NOT NULL,
	"weight" numeric(14, 3) DEFAULT 0 NOT NULL,
	"volume" numeric(14, 3) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"actor_id" uuid,
	"kind" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference_number" text NOT NULL,
	"type" text NOT NULL,
	"transport_mode" text,
	"loading_type" text NOT NULL,
	"priority" boolean DEFAULT false NOT NULL,
	"trackable" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"company_id" uuid NOT NULL,
	"carrier_id" uuid,
	"service_provider_id" uuid,
	"consolidation_agent_id" uuid,
	"handler_id" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"origin_address" text,
	"origin_city" text,
	"origin_country" text,
	"origin_postal_code" text,
	"origin_airport" text,
	"origin_port" text,
	"destination_address" text,
	"destination_city" text,
	"destination_country" text,
	"destination_postal_code" text,
	"destination_airport" text,
	"destination_port" text,
	"estimated_departure" timestamp with time zone,
	"estimated_arrival" timestamp with time zone,
	"pickup_date" timestamp with time zone,
	"delivery_date" timestamp with time zone,
	"cargo_description" text NOT NULL,
	"cargo_value" numeric(14, 2),
	"cargo_value_currency" text DEFAULT 'USD' NOT NULL,
	"cargo_insurance_value" numeric(14, 2),
	"cargo_insurance_value_currency" text DEFAULT 'USD' NOT NULL,
	"package_type" text,
	"packages_count" integer NOT NULL,
	"weight_gross" numeric(14, 3) NOT NULL,
	"weight_net" numeric(14, 3),
	"weight_chargeable" numeric(14, 3),
	"volume" numeric(14, 3),
	"length" numeric(14, 3),
	"width" numeric(14, 3),
	"height" numeric(14, 3),
	"dangerous_goods" boolean DEFAULT false NOT NULL,
	"temperature_controlled" boolean DEFAULT false NOT NULL,
	"temperature_range_min" numeric(14, 3),
	"temperature_range_max" numeric(14, 3),
	"customer_reference" text,
	"door_delivery" boolean,
	"stackable" boolean,
	"carrier_name" text,
	"vessel_name" text,
	"vessel_flag" text,
	"imo_number" text,
	"voyage_number" text,
	"container_number" text,
	"seal_number" text,
	"truck_plate_number" text,
	"truck_type" text,
	"flight_number" text,
	"mawb_number" text,
	"hawb_number" text,
	"incoterm" text,
	"customs_declaration_number" text,
	"customs_status" text,
	"currency" text DEFAULT 'USD' NOT NULL,
	"payment_terms" text,
	"payment_due_date" timestamp with time zone,
	"tracking_number" text,
	"tracking_url" text,
	"special_instructions" text,
	"internal_notes" text,
	"service_charge" numeric(14, 2),
	"service_charge_currency" text DEFAULT 'USD' NOT NULL,
	"customs_charge" numeric(14, 2),
	"customs_charge_currency" text DEFAULT 'USD' NOT NULL,
	"insurance_charge" numeric(14, 2),
	"insurance_charge_currency" text DEFAULT 'USD' NOT NULL,
	"handling_charge" numeric(14, 2),
	"handling_charge_currency" text DEFAULT 'USD' NOT NULL,
	"documentation_charge" numeric(14, 2),
	"documentation_charge_currency" text DEFAULT 'USD' NOT NULL,
	"storage_charge" numeric(14, 2),
	"storage_charge_currency" text DEFAULT 'USD' NOT NULL,
	"delivery_charge" numeric(14, 2),
	"delivery_charge_currency" text DEFAULT 'USD' NOT NULL,
	"other_charges" numeric(14, 2),
	"other_charges_currency" text DEFAULT 'USD' NOT NULL,
	"freight_cost" numeric(14, 2),
	"freight_cost_currency" text DEFAULT 'USD' NOT NULL,
	"customs_cost" numeric(14, 2),
	"customs_cost_currency" text DEFAULT 'USD' NOT NULL,
	"insurance_cost" numeric(14, 2),
	"insurance_cost_currency" text DEFAULT 'USD' NOT NULL,
	"handling_cost" numeric(14, 2),
	"handling_cost_currency" text DEFAULT 'USD' NOT NULL,
	"documentation_cost" numeric(14, 2),
	"documentation_cost_currency" text DEFAULT 'USD' NOT NULL,
	"storage_cost" numeric(14, 2),
	"storage_cost_currency" text DEFAULT 'USD' NOT NULL,
	"delivery_cost" numeric(14, 2),
	"delivery_cost_currency" text DEFAULT 'USD' NOT NULL,
	"other_costs" numeric(14, 2),
	"other_costs_currency" text DEFAULT 'USD' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_name" text NOT NULL,
	"shipment_id" uuid NOT NULL,
	"assigned_by" uuid,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_assignments_document_name_unique" UNIQUE("document_name")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"original_name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"target" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'mail' NOT NULL,
	"idempotency_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_containers" ADD CONSTRAINT "shipment_containers_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_service_provider_id_service_providers_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_consolidation_agent_id_consolidation_agents_id_fk" FOREIGN KEY ("consolidation_agent_id") REFERENCES "public"."consolidation_agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_handler_id_users_id_fk" FOREIGN KEY ("handler_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_assignments" ADD CONSTRAINT "document_assignments_document_name_files_name_fk" FOREIGN KEY ("document_name") REFERENCES "public"."files"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_assignments" ADD CONSTRAINT "document_assignments_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_assignments" ADD CONSTRAINT "document_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_role_name_idx" ON "users" USING btree ("role","full_name");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "airports_name_idx" ON "airports" USING btree ("name");--> statement-breakpoint
CREATE INDEX "airports_name_trgm" ON "airports" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "airports_iata_trgm" ON "airports" USING gin ("iata_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "airports_municipality_trgm" ON "airports" USING gin ("municipality" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "carriers_type_name_idx" ON "carriers" USING btree ("carrier_type","name");--> statement-breakpoint
CREATE INDEX "carriers_name_idx" ON "carriers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "carriers_name_trgm" ON "carriers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "carriers_country_trgm" ON "carriers" USING gin ("country" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name");--> statement-breakpoint
CREATE INDEX "companies_name_trgm" ON "companies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "consolidation_agents_name_idx" ON "consolidation_agents" USING btree ("name");--> statement-breakpoint
CREATE INDEX "consolidation_agents_name_trgm" ON "consolidation_agents" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "consolidation_agents_country_trgm" ON "consolidation_agents" USING gin ("country" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_company_idx" ON "customers" USING btree ("company_id","is_primary_contact","first_name");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_unique" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "pending_staff_email_unique" ON "pending_staff" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "pending_staff_created_idx" ON "pending_staff" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "seaports_name_idx" ON "seaports" USING btree ("name");--> statement-breakpoint
CREATE INDEX "seaports_name_trgm" ON "seaports" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "seaports_country_trgm" ON "seaports" USING gin ("country" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "seaports_un_code_trgm" ON "seaports" USING gin ("un_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_providers_name_idx" ON "service_providers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "service_providers_name_trgm" ON "service_providers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_providers_country_trgm" ON "service_providers" USING gin ("country" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_providers_type_trgm" ON "service_providers" USING gin ("service_type" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shipment_containers_shipment_idx" ON "shipment_containers" USING btree ("shipment_id","position");--> statement-breakpoint
CREATE INDEX "shipment_containers_type_idx" ON "shipment_containers" USING btree ("type");--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_reference_unique" ON "shipments" USING btree ("reference_number");--> statement-breakpoint
CREATE INDEX "shipments_created_idx" ON "shipments" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "shipments_status_created_idx" ON "shipments" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shipments_type_created_idx" ON "shipments" USING btree ("type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shipments_type_status_idx" ON "shipments" USING btree ("type","status");--> statement-breakpoint
CREATE INDEX "shipments_company_created_idx" ON "shipments" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shipments_handler_created_idx" ON "shipments" USING btree ("handler_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shipments_transport_mode_idx" ON "shipments" USING btree ("transport_mode");--> statement-breakpoint
CREATE INDEX "shipments_reference_trgm" ON "shipments" USING gin ("reference_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shipments_cargo_description_trgm" ON "shipments" USING gin ("cargo_description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "document_assignments_shipment_idx" ON "document_assignments" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "files_created_idx" ON "files" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "files_name_trgm" ON "files" USING gin ("original_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at");