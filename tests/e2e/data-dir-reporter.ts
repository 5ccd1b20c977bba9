import { rmSync } from 'node:fs'
import type { FullResult, Reporter } from '@playwright/test/reporter'

/**
 * The run's data folder (E2E_DATA_DIR: the leads, mails and photos the shared servers stored) is
 * removed after a run that passed, and kept with its path printed after one that did not, for
 * reading what a failed test left. A folder given from outside is never removed.
 */
export default class DataDirReporter implements Reporter {
  private status: FullResult['status'] | undefined
  constructor(private readonly options: { dataDir: string; madeForThisRun: boolean }) {}

  onEnd(result: FullResult) {
    this.status = result.status
  }

  // After the web servers have stopped, so nothing writes into the folder any more.
  async onExit() {
    const { dataDir, madeForThisRun } = this.options
    if (madeForThisRun && this.status === 'passed') rmSync(dataDir, { recursive: true, force: true })
    else console.log(`Daten der Server dieses Laufs: ${dataDir}`)
  }

  printsToStdio() {
    return false
  }
}
