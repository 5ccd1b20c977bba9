/*
 * A form post whose upload the visitor can watch: fetch reports no progress for a request body,
 * XMLHttpRequest does (issue 35 item 4: ten photos over a slow phone line take minutes).
 */

export interface UploadAnswer {
  status: number
  /** The JSON answer, or undefined when the body was not JSON. */
  json: unknown
}

/**
 * POSTs `body` (multipart) to `url` on this site, calling `onProgress` with the share of bytes sent
 * (0 to 1). Resolves with the answer's status and JSON for any status; rejects only when no answer
 * came (the connection failed or was cut).
 */
export function postWithProgress(url: string, body: FormData, onProgress: (sent: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    })
    xhr.addEventListener('load', () => {
      let json: unknown
      try {
        json = JSON.parse(xhr.responseText)
      } catch {
        json = undefined
      }
      resolve({ status: xhr.status, json })
    })
    xhr.addEventListener('error', () => reject(new Error('Die Verbindung brach ab.')))
    xhr.addEventListener('abort', () => reject(new Error('Die Übertragung wurde abgebrochen.')))
    xhr.send(body)
  })
}
