import { BaseSeeder } from '@adonisjs/lucid/seeders'
import { seedDemo } from '#database/demo/seed_demo'

/** Demo data; Lucid never runs this seeder in production. */
export default class DemoSeeder extends BaseSeeder {
  static environment = ['development', 'test']

  async run() {
    const seeded = await seedDemo()
    console.log(
      seeded ? 'Demo data seeded.' : 'Database already has users: demo data left as it is.'
    )
  }
}
