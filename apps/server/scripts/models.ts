/**
 * `npm run models -- <command>`: the models this configuration names (the same environment the
 * server reads: SEMA_TRANSLATION_MODEL, SEMA_PAIR_MODELS, SEMA_KSERVE_TOKENIZER,
 * SEMA_TRANSLATION_DTYPE, SEMA_CHAT_LOCAL_MODEL, SEMA_MODEL_CACHE, SEMA_HUB_URL), managed on disk
 * without a server (the local chat model's part: chat-model.ts):
 *
 *   list                 each configured model: its role, family and licence, on disk or not, size,
 *                        and the engine's copies of its files; then other models in the cache that
 *                        nothing configures, and copies of files no configured model reads
 *   pull                 downloads what is missing (with progress), loads each model once to prove
 *                        it works, and records the SHA-256 of its files; a model published only in
 *                        float32 (NLLB distilled 1.3B) is converted to int8 here and checked
 *                        (float32-pull.ts; `pull --keep-float32` keeps its float32 files)
 *   verify               checks the files on disk against the sizes and SHA-256 recorded when they
 *                        were downloaded (exit status 1 when one is missing or differs)
 *   remove <name>        deletes a downloaded model's folder from the cache, with the engine's
 *                        copies of its files; `remove engine-copies` deletes every such copy
 *   bundle <file.tar>    writes the configured models, with their checksums, into one archive
 *   unbundle <file.tar>  installs such an archive into the cache, checking every file (offline)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  asConfiguredModel,
  CHAT_FOLDER,
  CHAT_ROLE,
  chatModelFile,
  configuredChatModel,
  pullChatModel,
  removeChatModel,
} from './chat-model.ts';
import { configOrFail, fail } from './command-line.ts';
import { describeConversionCheck, pullFloat32 } from './float32-pull.ts';
import { qualityLines } from './model-quality-lines.ts';
import { float32Export } from '../src/translation/engines/seq2seq/convert/float32-exports.ts';
import { useProxyFromEnvironment } from '../src/lib/download-proxy.ts';
import { DownloadProgress } from '../src/lib/download-progress.ts';
import {
  copiesFolder,
  copiesOf,
  COPIES_FOLDER,
  isCopyOf,
  listCopies,
  removeCopies,
  type FoundCopy,
} from '../src/translation/engines/seq2seq/engine-files/copy-cache.ts';
import {
  configuredModels,
  folderOf,
  inspectModel,
  MANIFEST_FILE,
  readConversion,
  recordManifest,
  removeModel,
  verifyModel,
  type ConfiguredModel,
  type FileCheck,
} from '../src/translation/engines/model-inventory.ts';

/** The archive's list of the models and files it holds. */
const BUNDLE_LIST = 'sema-bundle.json';

const USAGE =
  'Usage: npm run models -- list | pull [--keep-float32] | verify | remove <name> | bundle <file.tar> | unbundle <file.tar>';

const out = (line = '') => process.stdout.write(`${line}\n`);

function megabytes(bytes: number): string {
  return bytes < 1e6 ? `${(bytes / 1e3).toFixed(1)} kB` : `${(bytes / 1e6).toFixed(1)} MB`;
}

const config = configOrFail();
const cache = config.models.cache;
const configured = configuredModels(config);
/** Where the engine keeps its copies of model files. */
const copiesDir = copiesFolder(cache);
const chat = configuredChatModel(config);

/** The chat model's file on disk, or undefined; a machine without node-llama-cpp ends the command saying so. */
async function chatFileOrFail(): Promise<string | undefined> {
  if (!chat) return undefined;
  try {
    return await chatModelFile(chat);
  } catch (error) {
    fail(`${chat.source}: ${(error as Error).message}`);
  }
}

/** Model folders in the cache (`owner/name` holding a config.json or tokenizer.json). */
function cachedFolders(): string[] {
  const found: string[] = [];
  const walk = (relative: string, depth: number) => {
    const full = path.join(cache, relative);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(full, { withFileTypes: true });
    } catch {
      return;
    }
    if (entries.some((entry) => entry.name === 'config.json' || entry.name === 'tokenizer.json')) {
      found.push(relative);
      return;
    }
    if (depth === 0) return;
    for (const entry of entries) if (entry.isDirectory()) walk(path.join(relative, entry.name), depth - 1);
  };
  walk('', 2);
  return found.filter(Boolean).map((relative) => relative.split(path.sep).join('/'));
}

/** A model in the cache that nothing configures, with the files it has. */
function cachedModel(id: string): ConfiguredModel {
  const folder = path.join(cache, id);
  const files = fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== MANIFEST_FILE)
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  return {
    role: 'not configured',
    name: id,
    source: { kind: 'hub', id, hub: '', cacheDir: cache, label: id },
    use: 'full',
    files,
    dtype: config.translation.engine === 'builtin' ? config.translation.dtype : 'q8',
  };
}

async function list(): Promise<void> {
  if (configured.length === 0) {
    out(
      `SEMA_TRANSLATION_ENGINE=${config.translation.engine}: this server loads no translation model (its inference servers do).`,
    );
  }
  for (const model of configured) {
    const state = inspectModel(model);
    out(`${model.name}  ${model.role}`);
    const licence = state.licence
      ? `${state.licence.id}: ${state.licence.terms} (${state.licence.url})`
      : 'licence unknown until its files are on disk';
    out(`  ${state.family ? `${state.family}, ` : ''}${licence}`);
    const translation = config.translation;
    const pairs =
      translation.engine === 'builtin'
        ? translation.pairModels.filter((pair) => pair.model === model.name)
        : [];
    const licences = translation.engine === 'builtin' ? translation.licences : 'any';
    // A Marian model that is not named opus-mt-… is still an OPUS-MT release.
    const familyId = state.family === 'OPUS-MT' ? 'marian' : undefined;
    const told = { name: model.name, licence: state.licence?.id, familyId };
    for (const line of qualityLines(told, pairs, licences)) out(`  ${line}`);
    const where = model.source.kind === 'folder' ? `folder ${state.folder}` : `cache ${state.folder}`;
    if (state.missing.length === 0) {
      out(`  on disk: ${state.present.length} files, ${megabytes(state.bytes)} (${model.dtype}) in ${where}`);
    } else if (state.present.length === 0) {
      out(`  not on disk (${where}): npm run models -- pull`);
    } else {
      out(`  partly on disk: missing ${state.missing.join(', ')} in ${where}: npm run models -- pull`);
    }
    const conversion = readConversion(state.folder);
    if (conversion) {
      const from = `${conversion.source.id}@${conversion.source.revision.slice(0, 7)}, ${megabytes(conversion.float32Bytes)}`;
      out(
        conversion.check.passed
          ? `  converted here from float32 (${from}) to ${megabytes(conversion.quantizedBytes)}${conversion.int8 ? ' int8' : ''} on ${conversion.convertedAt.slice(0, 10)}`
          : `  conversion from float32 (${from}) REFUSED on ${conversion.convertedAt.slice(0, 10)}: its int8 form translates differently`,
      );
      out(`  check: ${describeConversionCheck(conversion)}`);
      out(`  float32 files ${conversion.float32Rule}`);
    } else if (model.source.kind === 'hub' && float32Export(model.name) && state.missing.length > 0) {
      out(
        `  published only in float32 (${megabytes(float32Export(model.name)!.float32Bytes)}): pull downloads it and converts it to int8 on this machine`,
      );
    }
    const copies = copiesOf(copiesDir, state.folder);
    if (copies.length > 0) out(`  ${describeCopies(copies)}`);
  }
  if (chat) {
    out(`${chat.source}  ${CHAT_ROLE}`);
    const file = await chatFileOrFail();
    if (file) out(`  GGUF, on disk: ${megabytes(fs.statSync(file).size)} in ${file}`);
    else if (chat.downloaded) out(`  not on disk (cache ${chat.folder}): npm run models -- pull`);
    else out(`  MISSING: the file ${chat.source} does not exist`);
  }
  const folders = configured.map((model) => folderOf(model.source));
  const unused = listCopies(copiesDir).filter((copy) => !folders.some((folder) => isCopyOf(copy, folder)));
  const names = new Set(configured.map((model) => model.name));
  const others = cachedFolders().filter((id) => !names.has(id));
  if (others.length > 0) {
    out();
    out(`Also in the model cache (${cache}), not configured:`);
    for (const id of others) {
      const model = cachedModel(id);
      out(`  ${id}  ${megabytes(inspectModel(model).bytes)}  (npm run models -- remove ${id})`);
    }
  }
  if (unused.length > 0) {
    out();
    out(
      `The engine's copies of files no configured model reads (npm run models -- remove ${COPIES_FOLDER}):`,
    );
    out(`  ${describeCopies(unused)}`);
  }
}

/**
 * The engine's copies of a model's files (int8 weights, the decoder with the picker's nodes; see
 * engine-files/copy-cache.ts): how many, their size on disk, and those that failed to open.
 */
function describeCopies(copies: readonly FoundCopy[]): string {
  const bytes = copies.reduce((sum, copy) => sum + copy.onDisk, 0);
  const failed = copies.filter((copy) => copy.failed);
  const kept = copies.length - failed.length;
  const failures = failed.map(
    (copy) => `; ${path.basename(copy.file)} failed to open: ${copy.failed!.reason}`,
  );
  return `engine copies: ${kept} ${kept === 1 ? 'file' : 'files'}, ${megabytes(bytes)} in ${copiesDir}${failures.join('')}`;
}

async function pull(keepFloat32: boolean): Promise<void> {
  await useProxyFromEnvironment();
  // Loaded here only: ONNX Runtime and transformers.js take seconds to import, which list,
  // verify and remove do not need.
  const { Seq2SeqModel } = await import('../src/translation/engines/seq2seq/seq2seq-model.ts');
  const { loadModelTokenizer } = await import('../src/translation/engines/tokenizer/family-tokenizer.ts');
  for (const model of configured) {
    const before = inspectModel(model);
    const float32Only =
      model.source.kind === 'hub' && model.use === 'full' ? float32Export(model.name) : undefined;
    if (float32Only && model.source.kind === 'hub') {
      try {
        const converted = await pullFloat32(model, float32Only, {
          hub: model.source.hub,
          cache,
          keepFloat32,
          threads: os.availableParallelism(),
          progress: process.stderr,
          say: out,
        });
        if (!converted) process.exitCode = 1;
      } catch (error) {
        fail(`${model.name}: ${(error as Error).message}`);
      }
      continue;
    }
    if (model.source.kind === 'folder') {
      if (before.missing.length > 0)
        fail(`${model.name}: the folder ${before.folder} lacks ${before.missing.join(', ')}`);
      out(`${model.name}: a folder on this machine, nothing to download`);
      continue;
    }
    const progress = new DownloadProgress(model.name, process.stderr);
    try {
      if (model.use === 'tokenizer') {
        await loadModelTokenizer(model.source, (info) => {
          if (info.status === 'progress') progress.update(info.file, info.loaded, info.total);
        });
      } else {
        const loaded = await Seq2SeqModel.load({
          source: model.source,
          dtype: model.dtype,
          threads: 1,
          onDownload: ({ file, loaded: bytes, total }) => progress.update(file, bytes, total),
        });
        await loaded.dispose();
      }
    } catch (error) {
      progress.finish();
      fail(`${model.name}: ${(error as Error).message}`);
    }
    progress.finish();
    // Files that were there before checksums were kept get theirs now, once the model loaded.
    const recorded = await recordManifest(before.folder, model.files);
    const after = inspectModel(model);
    const fetched = before.missing.length;
    out(
      `${model.name}: ${fetched ? `downloaded ${fetched} files` : 'already on disk'}, ${megabytes(after.bytes)}, loads${
        recorded.length > fetched
          ? `; checksums recorded for ${recorded.length - fetched} files already there`
          : ''
      }`,
    );
  }
}

async function pullChat(): Promise<void> {
  if (!chat) return;
  try {
    const { file, fetched } = await pullChatModel(chat, config.models.hubUrl, process.stderr);
    const size = megabytes(fs.statSync(file).size);
    if (!chat.downloaded)
      out(`${chat.source}: a file on this machine, nothing to download, ${size}, a GGUF file`);
    else
      out(`${chat.source}: ${fetched ? 'downloaded' : 'already on disk'}, ${size}, a GGUF file, in ${file}`);
  } catch (error) {
    fail(`${chat.source}: ${(error as Error).message}`);
  }
}

/** Every configured model as the checks see it: the translation models, and the chat model once on disk. */
async function allModels(): Promise<ConfiguredModel[]> {
  const file = await chatFileOrFail();
  return file && chat ? [...configured, asConfiguredModel(chat, file)] : configured;
}

function describeCheck(check: FileCheck): string {
  switch (check.state) {
    case 'ok':
      return `ok       ${check.file}`;
    case 'missing':
      return `MISSING  ${check.file}`;
    case 'unrecorded':
      return `unknown  ${check.file}: no checksum recorded (it arrived before checksums were kept; npm run models -- pull records one)`;
    case 'size':
      return `CHANGED  ${check.file}: ${check.actual} bytes, ${check.expected} when downloaded`;
    case 'sha256':
      return `CHANGED  ${check.file}: SHA-256 ${check.actual}, ${check.expected} when downloaded`;
  }
}

async function verify(models: readonly ConfiguredModel[]): Promise<boolean> {
  let good = true;
  for (const model of models) {
    out(`${model.name} (${folderOf(model.source)})`);
    for (const check of await verifyModel(model)) {
      out(`  ${describeCheck(check)}`);
      if (check.state !== 'ok' && check.state !== 'unrecorded') good = false;
    }
  }
  return good;
}

async function remove(name: string | undefined): Promise<void> {
  if (!name) fail('Usage: npm run models -- remove <name> (a name from npm run models -- list)');
  if (chat && name === chat.source) {
    const file = await chatFileOrFail();
    if (!chat.downloaded)
      fail(
        `${name} is a file of yours, not a download in the model cache: remove it yourself if you mean to`,
      );
    if (!file) fail(`${name} is not on disk: nothing to remove`);
    out(`Removed ${file} (${megabytes(removeChatModel(file))})`);
    out(`It is still configured (${CHAT_ROLE}): the server downloads it again at its next start.`);
    return;
  }
  if (name === COPIES_FOLDER) {
    const all = listCopies(copiesDir);
    removeCopies(all);
    out(
      `Removed ${all.length} engine copies (${megabytes(all.reduce((sum, copy) => sum + copy.onDisk, 0))}) from ${copiesDir}`,
    );
    out('The engine writes the copies it needs again at its next start.');
    return;
  }
  const model =
    configured.find((candidate) => candidate.name === name) ??
    (cachedFolders().includes(name) ? cachedModel(name) : undefined);
  if (!model)
    fail(`${name} is neither configured nor in the model cache (${cache}): see npm run models -- list`);
  try {
    const { folder, bytes } = removeModel(model);
    const copies = copiesOf(copiesDir, folder);
    removeCopies(copies);
    const copyBytes = copies.reduce((sum, copy) => sum + copy.onDisk, 0);
    out(
      `Removed ${folder} (${megabytes(bytes)})${copies.length > 0 ? ` and its engine copies (${megabytes(copyBytes)})` : ''}`,
    );
    if (model.role !== 'not configured') {
      out(`It is still configured (${model.role}): the server downloads it again at its next start.`);
    }
  } catch (error) {
    fail((error as Error).message);
  }
}

async function bundle(file: string | undefined): Promise<void> {
  if (!file) fail('Usage: npm run models -- bundle <file.tar>');
  const downloaded = configured.filter((model) => model.source.kind === 'hub');
  for (const model of configured.filter((candidate) => candidate.source.kind === 'folder')) {
    out(`${model.name}: a folder on this machine, not bundled (copy it yourself)`);
  }
  const chatFile = chat?.downloaded ? await chatFileOrFail() : undefined;
  if (chat?.downloaded && !chatFile) fail(`${chat.source} is not on disk: npm run models -- pull first`);
  if (chat && !chat.downloaded) out(`${chat.source}: a file on this machine, not bundled (copy it yourself)`);
  if (downloaded.length === 0 && !chatFile)
    fail('No configured model comes from the hub: nothing to bundle.');
  for (const model of downloaded) {
    const state = inspectModel(model);
    if (state.missing.length > 0)
      fail(
        `${model.name} is not all on disk (missing ${state.missing.join(', ')}): npm run models -- pull first`,
      );
    await recordManifest(state.folder, model.files);
  }
  const chatModel = chat && chatFile ? asConfiguredModel(chat, chatFile) : undefined;
  if (chatModel) await recordManifest(path.dirname(chatFile!), chatModel.files);
  if (!(await verify(chatModel ? [...downloaded, chatModel] : downloaded)))
    fail('A model on disk differs from what was downloaded: not bundled (remove it and pull again).');
  // The list of what is bundled goes first, so unbundle checks each file it should hold.
  const contents = Object.fromEntries(
    downloaded.map((model) => [(model.source as { id: string }).id, [...model.files]]),
  );
  const listing = fs.mkdtempSync(path.join(cache, '.bundle-'));
  const target = path.resolve(file);
  try {
    const chatName = chatFile && path.basename(chatFile);
    fs.writeFileSync(
      path.join(listing, BUNDLE_LIST),
      `${JSON.stringify({ models: contents, ...(chatName && { chat: chatName }) }, null, 2)}\n`,
    );
    const members = Object.entries(contents).flatMap(([id, files]) =>
      [...files, MANIFEST_FILE].map((member) => `${id}/${member}`),
    );
    if (chatName) members.push(`${CHAT_FOLDER}/${chatName}`, `${CHAT_FOLDER}/${MANIFEST_FILE}`);
    tar(['-cf', target, '-C', listing, BUNDLE_LIST, '-C', cache, ...members]);
  } finally {
    fs.rmSync(listing, { recursive: true, force: true });
  }
  out(
    `Wrote ${target} (${megabytes(fs.statSync(target).size)}): ${[...downloaded.map((model) => model.name), ...(chatFile ? [chat!.source] : [])].join(', ')}`,
  );
  out(
    'On the other server: npm run models -- unbundle <file.tar>, with the same SEMA_TRANSLATION_MODEL, SEMA_PAIR_MODELS, SEMA_TRANSLATION_DTYPE and SEMA_CHAT_LOCAL_MODEL.',
  );
}

async function unbundle(file: string | undefined): Promise<void> {
  if (!file) fail('Usage: npm run models -- unbundle <file.tar>');
  const archive = path.resolve(file);
  if (!fs.existsSync(archive)) fail(`${archive} does not exist`);
  fs.mkdirSync(cache, { recursive: true });
  const staging = fs.mkdtempSync(path.join(cache, '.unbundle-'));
  try {
    tar(['-xf', archive, '-C', staging, '--no-same-owner']);
    const bundleList = readBundleList(path.join(staging, BUNDLE_LIST));
    if (!bundleList)
      fail(`${archive} is not a bundle made by npm run models -- bundle (it has no ${BUNDLE_LIST})`);
    const { models: listed, chat: chatName } = bundleList;
    const ids = Object.keys(listed);
    const stagedChat = chatName
      ? asConfiguredModel(
          { source: chatName, downloaded: true, folder: path.join(staging, CHAT_FOLDER) },
          path.join(staging, CHAT_FOLDER, chatName),
        )
      : undefined;
    const staged: [string, ConfiguredModel][] = Object.entries(listed).map(([id, files]) => [
      id,
      {
        role: 'bundled',
        name: id,
        source: { kind: 'hub', id, hub: '', cacheDir: staging, label: id },
        use: 'full',
        files,
        dtype: 'q8',
      },
    ]);
    if (stagedChat) staged.push([CHAT_ROLE, stagedChat]);
    for (const [id, model] of staged) {
      const bad = (await verifyModel(model)).filter((check) => check.state !== 'ok');
      if (bad.length > 0)
        fail(`${id} in ${archive} is damaged, nothing installed:\n  ${bad.map(describeCheck).join('\n  ')}`);
    }
    for (const id of ids) {
      const destination = path.join(cache, id);
      fs.mkdirSync(path.dirname(destination), { recursive: true });
      fs.rmSync(destination, { recursive: true, force: true });
      fs.renameSync(path.join(staging, id), destination);
      out(`Installed ${id} in ${destination} (checksums match)`);
    }
    if (chatName) {
      const folder = path.join(cache, CHAT_FOLDER);
      const destination = path.join(folder, chatName);
      fs.mkdirSync(folder, { recursive: true });
      if (fs.existsSync(destination)) removeChatModel(destination);
      fs.renameSync(path.join(staging, CHAT_FOLDER, chatName), destination);
      await recordManifest(folder, [chatName]);
      out(`Installed the chat model ${chatName} in ${folder} (checksum matches)`);
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  const missing = configured.filter((model) => inspectModel(model).missing.length > 0);
  for (const model of missing) out(`Still missing for this configuration: ${model.name} (${model.role})`);
}

function readBundleList(file: string): { models: Record<string, string[]>; chat?: string } | undefined {
  try {
    const { models, chat: chatName } = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      models?: Record<string, string[]>;
      chat?: unknown;
    };
    // Only owner/name ids and a plain .gguf name: an archive does not get to write outside the cache.
    if (!models || !Object.keys(models).every((id) => /^[\w.-]+\/[\w.-]+$/.test(id) && !id.includes('..')))
      return undefined;
    if (chatName === undefined) return { models };
    if (typeof chatName !== 'string' || !/^[\w.-]+\.gguf$/i.test(chatName) || chatName.includes('..'))
      return undefined;
    return { models, chat: chatName };
  } catch {
    return undefined;
  }
}

function tar(args: string[]): void {
  try {
    execFileSync('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    fail(`tar ${args[0]} failed: ${stderr || (error as Error).message}`);
  }
}

const [command, ...args] = process.argv.slice(2);
switch (command) {
  case 'list':
    await list();
    break;
  case 'pull':
    if (args[0] === '--from') await unbundle(args[1]);
    else {
      await pull(args.includes('--keep-float32'));
      await pullChat();
    }
    break;
  case 'verify':
    if (chat && !(await chatFileOrFail())) {
      out(
        `${chat.source}\n  MISSING  ${chat.downloaded ? 'not downloaded: npm run models -- pull' : 'the file does not exist'}`,
      );
      await verify(configured);
      fail('Some files are missing: npm run models -- pull');
    }
    if (!(await verify(await allModels()))) {
      fail(
        'Some files are missing or changed since they were downloaded: npm run models -- remove <name>, then pull',
      );
    }
    break;
  case 'remove':
    await remove(args[0]);
    break;
  case 'bundle':
    await bundle(args[0]);
    break;
  case 'unbundle':
    await unbundle(args[0]);
    break;
  default:
    fail(USAGE);
}
