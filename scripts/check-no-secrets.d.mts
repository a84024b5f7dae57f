export interface SecretHit {
  file: string
  secret: string
}
export declare function seededSecrets(root: string): string[]
export declare function scan(options: { root: string; secrets?: string[] }): {
  hits: SecretHit[]
  scanned: string[]
  seeded: string[]
  real: string[]
}
