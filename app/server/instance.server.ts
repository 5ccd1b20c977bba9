import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'

/**
 * This process among the site's instances (issue 15): written into the claims and leases it takes
 * in the lake (a lead's notification, the marketplace sync), so staff and operators can tell who
 * holds one. Host name and pid for people, a random suffix because a restarted container may get
 * the same pid.
 */
export const INSTANCE_ID = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
