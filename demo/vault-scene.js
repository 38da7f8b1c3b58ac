// The vault scene: a vault door set in a stone wall, drawn by three.js
// (MeshStandardMaterial with the maps of renderTexture() as map, normalMap,
// roughnessMap, aoMap and, for the door, metalnessMap from the orm map), lit by
// a lamp that follows the pointer. A new seed or size renders both textures
// again (each in a worker of its own, in parallel; the latest request wins),
// and the five <procedural-texture> elements beside the scene show the maps.
// three.js is the repo's devDependency, served from node_modules like the
// demo's other peer libraries, and imported only here: without it (or without
// WebGL) the scene says so and the rest of the page works.
// The scene is drawn on demand (a texture arrived, the lamp moved, a resize),
// never in a loop, so that it costs the main thread nothing while idle.

const THREE_URL = new URL('../node_modules/three/build/three.module.js', import.meta.url).href;
const WALL = { width: 16, height: 10, tile: 6 };  // world units; the stone texture repeats every `tile`
const DOOR = { size: 4.4, depth: 0.3 };

function webgl2Available() {
  try {
    return Boolean(document.createElement('canvas').getContext('webgl2'));
  } catch {
    return false;
  }
}

/** v -> 1 - v: the maps' row 0 is the top of the image, a DataTexture's row 0 is v = 0. */
function flipV(geometry) {
  const uv = geometry.getAttribute('uv');
  for (let i = 0; i < uv.count; i++) uv.setY(i, 1 - uv.getY(i));
  uv.needsUpdate = true;
  return geometry;
}

/**
 * @param {object} api        dist/index.js (renderTexture, enginePath)
 * @param {object} ui         {scene, status, seed, size, newSeed, times: {wall, door, shown}, maps: [procedural-texture]}
 */
export async function startVaultScene(api, ui) {
  const say = (text, problem = false) => {
    ui.status.textContent = text;
    ui.status.classList.toggle('problem', problem);
  };
  let THREE;
  try {
    THREE = await import(THREE_URL);
  } catch (error) {
    say(`three.js could not load (${error.message}): run npm install.`, true);
    return null;
  }
  if (!webgl2Available()) {
    say('This browser has no WebGL 2 here, so the scene cannot be drawn; the maps are still shown beside it.', true);
    return null;
  }

  const canvas = document.createElement('canvas');
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', 'A round vault door set in a stone wall, lit by a lamp that follows the pointer');
  ui.scene.prepend(canvas);
  // preserveDrawingBuffer: the frame stays readable after it is shown (the tests read it back; drawn on demand anyway).
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(Math.min(devicePixelRatio, 2));
  renderer.toneMapping = THREE.ACESFilmicToneMapping;
  renderer.toneMappingExposure = 1.1;
  const anisotropy = Math.min(8, renderer.capabilities.getMaxAnisotropy());

  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0x05080c);
  const camera = new THREE.PerspectiveCamera(38, 16 / 10, 0.1, 100);
  camera.position.set(0, 0, 12.5);
  camera.lookAt(0, 0, 0);

  // The maps' normals are OpenGL (+Y up in the image); with v flipped, +v points down, so the green axis flips too.
  const wallMaterial = new THREE.MeshStandardMaterial({ color: 0xffffff, metalness: 0, normalScale: new THREE.Vector2(1.4, -1.4) });
  const wall = new THREE.Mesh(flipV(new THREE.PlaneGeometry(WALL.width, WALL.height)), wallMaterial);
  scene.add(wall);

  const doorFace = new THREE.MeshStandardMaterial({ color: 0xffffff, metalness: 0.65, normalScale: new THREE.Vector2(1.2, -1.2) });
  const doorSide = new THREE.MeshStandardMaterial({ color: 0x6d7278, metalness: 0.6, roughness: 0.45 });
  // BoxGeometry's groups: +x, -x, +y, -y, +z (the face, towards the camera), -z.
  const door = new THREE.Mesh(flipV(new THREE.BoxGeometry(DOOR.size, DOOR.size, DOOR.depth)),
    [doorSide, doorSide, doorSide, doorSide, doorFace, doorSide]);
  door.position.z = DOOR.depth / 2 - 0.05;
  scene.add(door);

  scene.add(new THREE.HemisphereLight(0xa9c4dd, 0x1a120a, 0.55));
  const lamp = new THREE.PointLight(0xffd9a0, 60, 0, 2);
  const bulb = new THREE.Mesh(new THREE.SphereGeometry(0.08, 16, 8), new THREE.MeshBasicMaterial({ color: 0xfff1cc }));
  lamp.add(bulb);
  lamp.position.set(-2.4, 1.8, 2.6);
  scene.add(lamp);

  let frame = 0;
  const draw = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      renderer.render(scene, camera);
    });
  };

  function resize() {
    const width = ui.scene.clientWidth;
    const height = Math.round((width * 10) / 16);
    renderer.setSize(width, height, false);
    canvas.style.inlineSize = '100%';
    canvas.style.blockSize = 'auto';
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    draw();
  }
  new ResizeObserver(resize).observe(ui.scene);
  resize();

  // The lamp follows the pointer over the scene, a little in front of the wall.
  canvas.addEventListener('pointermove', (event) => {
    const box = canvas.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 2 - 1;
    const y = 1 - ((event.clientY - box.top) / box.height) * 2;
    lamp.position.set(x * (WALL.width / 2 - 1), y * (WALL.height / 2 - 0.8), 2.6);
    draw();
  });

  function textureOf(data, size, { colour = false, repeat = null } = {}) {
    const texture = new THREE.DataTexture(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), size, size,
      THREE.RGBAFormat, THREE.UnsignedByteType);
    texture.colorSpace = colour ? THREE.SRGBColorSpace : THREE.NoColorSpace;
    texture.magFilter = THREE.LinearFilter;
    texture.minFilter = THREE.LinearMipmapLinearFilter;
    texture.generateMipmaps = true;
    texture.anisotropy = anisotropy;
    if (repeat) {
      texture.wrapS = texture.wrapT = THREE.RepeatWrapping;
      texture.repeat.set(...repeat);
    }
    texture.needsUpdate = true;
    return texture;
  }

  function apply(material, maps, size, options) {
    const old = [material.map, material.normalMap, material.roughnessMap, material.aoMap, material.metalnessMap];
    material.map = textureOf(maps.albedo, size, { ...options, colour: true });
    material.normalMap = textureOf(maps.normal, size, options);
    material.roughnessMap = textureOf(maps.roughness, size, options);
    material.aoMap = textureOf(maps.ao, size, options);
    if (options.metal) material.metalnessMap = textureOf(maps.orm, size, options);
    material.needsUpdate = true;
    for (const texture of new Set(old)) texture?.dispose();
  }

  const ms = (value) => `${Math.round(value)} ms`;
  let controller;
  async function show({ seed, size }) {
    controller?.abort();
    controller = new AbortController();
    const { signal } = controller;
    ui.scene.dataset.state = 'rendering';
    say(`Rendering the stone wall and the vault door, ${size} × ${size}, seed ${seed}…`);
    const start = performance.now();
    const timed = async (kind, out) => {
      const maps = await api.renderTexture({ kind, size, seed }, { signal });
      out.textContent = `${ms(performance.now() - start)} (${api.enginePath('texture') ?? '?'})`;
      return maps;
    };
    try {
      const [stone, vault] = await Promise.all([timed('stone-wall', ui.times.wall), timed('vault-face', ui.times.door)]);
      if (signal.aborted) return;
      apply(wallMaterial, stone, size, { repeat: [WALL.width / WALL.tile, WALL.height / WALL.tile] });
      apply(doorFace, vault, size, { metal: true });
      // The frame with the textures: uploading them happens in this render.
      renderer.render(scene, camera);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const shown = performance.now() - start;
      ui.times.shown.textContent = `${ms(shown)} from the request`;
      ui.scene.dataset.state = 'ready';
      ui.scene.dataset.seed = String(seed);
      ui.scene.dataset.size = String(size);
      ui.scene.dataset.shownMs = shown.toFixed(0);
      say(`Seed ${seed}, ${size} × ${size}: move the pointer over the scene to move the lamp.`);
    } catch (error) {
      if (error?.name === 'AbortError') return;
      ui.scene.dataset.state = 'error';
      say(`The textures could not be made: ${error.message}`, true);
    }
  }

  const current = { seed: Number(ui.seed.textContent) || 0, size: Number(ui.size.value) };
  const update = (changes) => {
    Object.assign(current, changes);
    ui.seed.textContent = String(current.seed);
    for (const element of ui.maps) element.seed = current.seed;
    return show(current);
  };
  ui.newSeed.addEventListener('click', () => update({ seed: crypto.getRandomValues(new Uint32Array(1))[0] }));
  ui.size.addEventListener('change', () => update({ size: Number(ui.size.value) }));
  await update({});
  return { renderer, scene, camera, lamp, draw, show: update };
}
