import { BillerCatalogueSeeder } from '../modules/billers/biller-catalogue.seeder';
import { IdentitySeeder } from '../modules/identity/identity.seeder';
import type { Seeder } from '../platform/database/seeder';

/** Every context's seeder, in dependency order. */
export const SEEDERS: Seeder[] = [new IdentitySeeder(), new BillerCatalogueSeeder()];
