import { PGlite } from '@electric-sql/pglite';
let t=Date.now(); const db = await PGlite.create(); await db.query('select 1'); console.log('memory', Date.now()-t);
t=Date.now(); const dump = await db.dumpDataDir('gzip'); console.log('dump', Date.now()-t, dump.size);
t=Date.now(); const db2 = await PGlite.create({loadDataDir: dump}); await db2.query('select 1'); console.log('load', Date.now()-t);
