// The scenario of tests/consumers/frameworks.test.mjs in React 19: each element
// fed from React state and heard through React's own on<event> props.
// src/vault.json (the salt, Argon2id's t and m, the sealed notes) is written by the test.
import { useState } from 'react'
// One entry per element (memento-elements/<tag>): each defines its element and loads only its code.
import 'memento-elements/vault-unlock'
import 'memento-elements/note-list'
import 'memento-elements/fuzzy-search'
import vault from './vault.json'

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

export default function App() {
  const [key, setKey] = useState<Uint8Array>()
  const [texts, setTexts] = useState<string[]>([])
  const [found, setFound] = useState<number[]>([])
  return (
    <main>
      <vault-unlock id="unlock" mode="derive" salt={vault.salt} t={vault.t} m={vault.m}
        onvault-unlocked={(e) => { if ('key' in e.detail) setKey(e.detail.key) }} />
      <output id="key">{key ? hex(key) : ''}</output>
      <note-list id="notes" notes={vault.notes} deviceKey={key}
        onnotes-opened={(e) => setTexts(e.target.opened.flatMap((note) => ('title' in note ? [`${note.title}: ${note.body}`] : [])))} />
      <output id="opened">{texts.length}</output>
      <fuzzy-search id="search" label="Search the notes" documents={texts}
        onsearch-results={(e) => setFound(Array.from(e.detail.indices))} />
      <ul id="found">{found.map((index) => <li key={index}>{texts[index]}</li>)}</ul>
    </main>
  )
}
