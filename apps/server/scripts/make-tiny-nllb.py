#!/usr/bin/python3
"""Writes apps/server/test/fixtures/tiny-nllb: a random-weight model in the layout of
Xenova/nllb-200-distilled-600M (config, tokenizer, encoder and merged decoder ONNX files), small
enough to commit, so the whole local translation path can be tested offline.

The text it produces is nonsense, but it is deterministic and it behaves like a well-trained model
in the two ways the tests rely on:
  * it stops by itself: the end-of-sentence logit is tied to the source length, so a sentence of
    n source tokens yields n target tokens and then `</s>`, and keeps yielding `</s>` after that
    (so batched output equals one-by-one output);
  * it never emits special or language tokens as content.

Run with Debian's python3 (python3-torch 1.13, python3-onnx):
    /usr/bin/python3 apps/server/scripts/make-tiny-nllb.py [output-folder]
"""

import json
import math
import os
import shutil
import sys

import onnx
import torch
from torch import nn

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(os.path.abspath(__file__)), '..', 'test', 'fixtures', 'tiny-nllb')

# The 202 language tokens of NLLB-200, as the real tokenizer spells them.
LANGUAGE_TOKENS = """
ace_Arab ace_Latn acm_Arab acq_Arab aeb_Arab afr_Latn ajp_Arab aka_Latn als_Latn amh_Ethi
apc_Arab arb_Arab ars_Arab ary_Arab arz_Arab asm_Beng ast_Latn awa_Deva ayr_Latn azb_Arab
azj_Latn bak_Cyrl bam_Latn ban_Latn bel_Cyrl bem_Latn ben_Beng bho_Deva bjn_Arab bjn_Latn
bod_Tibt bos_Latn bug_Latn bul_Cyrl cat_Latn ceb_Latn ces_Latn cjk_Latn ckb_Arab crh_Latn
cym_Latn dan_Latn deu_Latn dik_Latn dyu_Latn dzo_Tibt ell_Grek eng_Latn epo_Latn est_Latn
eus_Latn ewe_Latn fao_Latn fij_Latn fin_Latn fon_Latn fra_Latn fur_Latn fuv_Latn gaz_Latn
gla_Latn gle_Latn glg_Latn grn_Latn guj_Gujr hat_Latn hau_Latn heb_Hebr hin_Deva hne_Deva
hrv_Latn hun_Latn hye_Armn ibo_Latn ilo_Latn ind_Latn isl_Latn ita_Latn jav_Latn jpn_Jpan
kab_Latn kac_Latn kam_Latn kan_Knda kas_Arab kas_Deva kat_Geor kaz_Cyrl kbp_Latn kea_Latn
khk_Cyrl khm_Khmr kik_Latn kin_Latn kir_Cyrl kmb_Latn kmr_Latn knc_Arab knc_Latn kon_Latn
kor_Hang lao_Laoo lij_Latn lim_Latn lin_Latn lit_Latn lmo_Latn ltg_Latn ltz_Latn lua_Latn
lug_Latn luo_Latn lus_Latn lvs_Latn mag_Deva mai_Deva mal_Mlym mar_Deva min_Latn mkd_Cyrl
mlt_Latn mni_Beng mos_Latn mri_Latn mya_Mymr nld_Latn nno_Latn nob_Latn npi_Deva nso_Latn
nus_Latn nya_Latn oci_Latn ory_Orya pag_Latn pan_Guru pap_Latn pbt_Arab pes_Arab plt_Latn
pol_Latn por_Latn prs_Arab quy_Latn ron_Latn run_Latn rus_Cyrl sag_Latn san_Deva sat_Beng
scn_Latn shn_Mymr sin_Sinh slk_Latn slv_Latn smo_Latn sna_Latn snd_Arab som_Latn sot_Latn
spa_Latn srd_Latn srp_Cyrl ssw_Latn sun_Latn swe_Latn swh_Latn szl_Latn tam_Taml taq_Latn
taq_Tfng tat_Cyrl tel_Telu tgk_Cyrl tgl_Latn tha_Thai tir_Ethi tpi_Latn tsn_Latn tso_Latn
tuk_Latn tum_Latn tur_Latn twi_Latn tzm_Tfng uig_Arab ukr_Cyrl umb_Latn urd_Arab uzn_Latn
vec_Latn vie_Latn war_Latn wol_Latn xho_Latn ydd_Hebr yor_Latn yue_Hant zho_Hans zho_Hant
zsm_Latn zul_Latn
""".split()
assert len(LANGUAGE_TOKENS) == 202

SPECIALS = ['<s>', '<pad>', '</s>', '<unk>']
BOS, PAD, EOS, UNK = 0, 1, 2, 3

# Input pieces: single characters, so that any Latin text tokenizes (other scripts become <unk>).
CHARACTERS = list('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
                  '.,!?;:\'"-()éèêàáâíóôúüöäñçß')
# Output pieces: syllables, with and without the word-start marker, so the nonsense reads as words.
SYLLABLES = [c + v for c in 'bdkl mnpstw'.replace(' ', '') for v in 'aeiou']
CONTENT = ['▁' + s for s in SYLLABLES] + SYLLABLES + ['.', ',']

pieces = ['▁'] + ['▁' + s for s in SYLLABLES] + SYLLABLES + [c for c in CHARACTERS if c not in SYLLABLES]
VOCAB = SPECIALS + pieces + LANGUAGE_TOKENS + ['<mask>']
TOKEN_ID = {token: index for index, token in enumerate(VOCAB)}
V = len(VOCAB)

D_MODEL, HEADS, FFN = 32, 2, 64
HEAD_DIM = D_MODEL // HEADS
ENCODER_LAYERS, DECODER_LAYERS = 1, 2
MASKED = -1e9  # finite, so a fully masked row gives a uniform softmax instead of NaN
BIG = 1e4


def sinusoid(positions):
    """Positions as sin/cos features: no table, so no length limit."""
    freqs = torch.exp(torch.arange(0, D_MODEL, 2, dtype=torch.float32) * (-math.log(10000.0) / D_MODEL))
    angles = positions.to(torch.float32).unsqueeze(-1) * freqs
    return torch.cat([torch.sin(angles), torch.cos(angles)], dim=-1)


def split_heads(x):
    batch, length, _ = x.shape
    return x.view(batch, length, HEADS, HEAD_DIM).transpose(1, 2)


def merge_heads(x):
    batch, _, length, _ = x.shape
    return x.transpose(1, 2).reshape(batch, length, D_MODEL)


def attend(q, k, v, additive_mask):
    scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(HEAD_DIM) + additive_mask
    return torch.matmul(torch.softmax(scores, dim=-1), v)


class Block(nn.Module):
    def __init__(self, cross):
        super().__init__()
        self.q, self.k, self.v, self.o = (nn.Linear(D_MODEL, D_MODEL) for _ in range(4))
        self.norm1, self.norm2, self.norm3 = (nn.LayerNorm(D_MODEL) for _ in range(3))
        if cross:
            self.cq, self.ck, self.cv, self.co = (nn.Linear(D_MODEL, D_MODEL) for _ in range(4))
        self.ffn = nn.Sequential(nn.Linear(D_MODEL, FFN), nn.ReLU(), nn.Linear(FFN, D_MODEL))


class Encoder(nn.Module):
    def __init__(self, embed):
        super().__init__()
        self.embed = embed
        self.blocks = nn.ModuleList(Block(cross=False) for _ in range(ENCODER_LAYERS))

    def forward(self, input_ids, attention_mask):
        length = input_ids.shape[1]
        h = self.embed(input_ids) * math.sqrt(D_MODEL) + sinusoid(torch.arange(length))
        key_mask = (1.0 - attention_mask.to(torch.float32))[:, None, None, :] * MASKED
        for block in self.blocks:
            a = attend(split_heads(block.q(h)), split_heads(block.k(h)), split_heads(block.v(h)), key_mask)
            h = block.norm1(h + block.o(merge_heads(a)))
            h = block.norm2(h + block.ffn(h))
        return h


class Decoder(nn.Module):
    def __init__(self, embed):
        super().__init__()
        self.embed = embed
        self.blocks = nn.ModuleList(Block(cross=True) for _ in range(DECODER_LAYERS))
        self.out = nn.Linear(D_MODEL, V)
        eos_row = torch.zeros(V)
        eos_row[EOS] = 1.0
        self.register_buffer('eos_row', eos_row)
        # Only syllables, two punctuation marks and </s> may be generated.
        allowed = torch.full((V,), -BIG)
        for token in CONTENT:
            allowed[TOKEN_ID[token]] = 0.0
        allowed[EOS] = 0.0
        self.register_buffer('allowed', allowed)

    def forward(self, input_ids, encoder_attention_mask, encoder_hidden_states, use_cache_branch, *past):
        length = input_ids.shape[1]
        past_length = past[0].shape[2]
        positions = torch.arange(length) + past_length
        h = self.embed(input_ids) * math.sqrt(D_MODEL) + sinusoid(positions)
        # The graph always concatenates the past, so the flag changes nothing; the exporter drops
        # inputs that nothing reads, hence these no-op uses.
        h = h + 0.0 * use_cache_branch.to(torch.float32)
        key_positions = torch.arange(past_length + length)
        causal = (key_positions[None, :] > positions[:, None]).to(torch.float32)[None, None] * MASKED
        cross_mask = (1.0 - encoder_attention_mask.to(torch.float32))[:, None, None, :] * MASKED
        presents = []
        for index, block in enumerate(self.blocks):
            past_k, past_v, past_ck, past_cv = past[4 * index:4 * index + 4]
            h = h + 0.0 * (past_ck.sum() + past_cv.sum())
            k = torch.cat([past_k, split_heads(block.k(h))], dim=2)
            v = torch.cat([past_v, split_heads(block.v(h))], dim=2)
            a = attend(split_heads(block.q(h)), k, v, causal)
            h = block.norm1(h + block.o(merge_heads(a)))
            ck = split_heads(block.ck(encoder_hidden_states))
            cv = split_heads(block.cv(encoder_hidden_states))
            c = attend(split_heads(block.cq(h)), ck, cv, cross_mask)
            h = block.norm2(h + block.co(merge_heads(c)))
            h = block.norm3(h + block.ffn(h))
            presents += [k, v, ck, cv]
        logits = self.out(h) * 3.0 + self.allowed
        # </s> loses until the target has one token fewer than the source (language token and </s>
        # included on both sides), then wins for good.
        source_length = encoder_attention_mask.to(torch.float32).sum(-1)
        gate = torch.clamp((positions[None, :].to(torch.float32) - source_length[:, None] + 1.5) * BIG, -BIG, BIG)
        logits = logits + gate[:, :, None] * self.eos_row
        return (logits, *presents)


def export():
    torch.manual_seed(20240601)
    embed = nn.Embedding(V, D_MODEL)
    nn.init.normal_(embed.weight, std=D_MODEL ** -0.5)
    encoder, decoder = Encoder(embed).eval(), Decoder(embed).eval()
    onnx_dir = os.path.join(OUT, 'onnx')
    os.makedirs(onnx_dir, exist_ok=True)

    ids = torch.tensor([[TOKEN_ID['eng_Latn'], 5, 6, 7, EOS], [TOKEN_ID['eng_Latn'], 8, EOS, PAD, PAD]])
    mask = (ids != PAD).to(torch.int64)
    encoder_path = os.path.join(onnx_dir, 'encoder_model.onnx')
    torch.onnx.export(
        encoder, (ids, mask), encoder_path, opset_version=14,
        input_names=['input_ids', 'attention_mask'], output_names=['last_hidden_state'],
        dynamic_axes={'input_ids': {0: 'batch_size', 1: 'encoder_sequence_length'},
                      'attention_mask': {0: 'batch_size', 1: 'encoder_sequence_length'},
                      'last_hidden_state': {0: 'batch_size', 1: 'encoder_sequence_length'}})

    with torch.no_grad():
        hidden = encoder(ids, mask)
    batch, past_length = ids.shape[0], 3
    past, past_names, present_names, dynamic = [], [], [], {
        'input_ids': {0: 'batch_size', 1: 'decoder_sequence_length'},
        'encoder_attention_mask': {0: 'batch_size', 1: 'encoder_sequence_length'},
        'encoder_hidden_states': {0: 'batch_size', 1: 'encoder_sequence_length'},
        'logits': {0: 'batch_size', 1: 'decoder_sequence_length'},
    }
    for layer in range(DECODER_LAYERS):
        for kind, length_axis in (('decoder', 'past_decoder_sequence_length'), ('encoder', 'encoder_sequence_length_out')):
            for part in ('key', 'value'):
                name = f'past_key_values.{layer}.{kind}.{part}'
                out_name = f'present.{layer}.{kind}.{part}'
                length = past_length if kind == 'decoder' else ids.shape[1]
                past.append(torch.zeros(batch, HEADS, length, HEAD_DIM))
                past_names.append(name)
                present_names.append(out_name)
                dynamic[name] = {0: 'batch_size', 2: length_axis}
                dynamic[out_name] = {0: 'batch_size', 2: f'present_{kind}_sequence_length'}
    decoder_path = os.path.join(onnx_dir, 'decoder_model_merged.onnx')
    torch.onnx.export(
        decoder, (ids[:, :1], mask, hidden, torch.tensor([True]), *past), decoder_path, opset_version=14,
        input_names=['input_ids', 'encoder_attention_mask', 'encoder_hidden_states', 'use_cache_branch', *past_names],
        output_names=['logits', *present_names], dynamic_axes=dynamic)

    for path in (encoder_path, decoder_path):
        model = onnx.load(path)
        onnx.checker.check_model(model)
        names = [i.name for i in model.graph.input]
        print(os.path.basename(path), os.path.getsize(path), 'bytes, inputs:', ', '.join(names))
        # dtype q8 (the server's default) looks for *_quantized.onnx; the fp32 graph stands in.
        shutil.copyfile(path, path.replace('.onnx', '_quantized.onnx'))


def write_json(name, data):
    with open(os.path.join(OUT, name), 'w', encoding='utf-8') as f:
        json.dump(data, f, ensure_ascii=False, indent=1)
        f.write('\n')


def special(token):
    return {'id': TOKEN_ID[token], 'content': token, 'single_word': False, 'lstrip': False,
            'rstrip': False, 'normalized': False, 'special': True}


def write_tokenizer():
    # Unigram scores: syllables beat spelling a word letter by letter.
    scores = {piece: (-4.0 if piece.strip('▁') in SYLLABLES else -8.0) for piece in pieces}
    added = [special(t) for t in SPECIALS] + [special(t) for t in LANGUAGE_TOKENS] + [special('<mask>')]
    write_json('tokenizer.json', {
        'version': '1.0', 'truncation': None, 'padding': None, 'added_tokens': added,
        'normalizer': None,
        'pre_tokenizer': {'type': 'Metaspace', 'replacement': '▁', 'prepend_scheme': 'always', 'split': True},
        'post_processor': {
            'type': 'TemplateProcessing',
            'single': [{'SpecialToken': {'id': 'eng_Latn', 'type_id': 0}},
                       {'Sequence': {'id': 'A', 'type_id': 0}},
                       {'SpecialToken': {'id': '</s>', 'type_id': 0}}],
            'pair': [{'SpecialToken': {'id': 'eng_Latn', 'type_id': 0}},
                     {'Sequence': {'id': 'A', 'type_id': 0}},
                     {'Sequence': {'id': 'B', 'type_id': 0}},
                     {'SpecialToken': {'id': '</s>', 'type_id': 0}}],
            'special_tokens': {t: {'id': t, 'ids': [TOKEN_ID[t]], 'tokens': [t]} for t in ('eng_Latn', '</s>')},
        },
        'decoder': {'type': 'Metaspace', 'replacement': '▁', 'prepend_scheme': 'always', 'split': True},
        'model': {'type': 'Unigram', 'unk_id': UNK, 'byte_fallback': False,
                  'vocab': [[t, 0.0] for t in SPECIALS] + [[p, scores[p]] for p in pieces]
                  + [[t, 0.0] for t in LANGUAGE_TOKENS] + [['<mask>', 0.0]]},
    })
    write_json('tokenizer_config.json', {
        'tokenizer_class': 'NllbTokenizer', 'src_lang': 'eng_Latn', 'tgt_lang': None,
        'bos_token': '<s>', 'eos_token': '</s>', 'sep_token': '</s>', 'cls_token': '<s>',
        'unk_token': '<unk>', 'pad_token': '<pad>', 'mask_token': '<mask>',
        'additional_special_tokens': LANGUAGE_TOKENS, 'legacy_behaviour': False,
        'model_max_length': 1024, 'clean_up_tokenization_spaces': True,
    })


def write_configs():
    write_json('config.json', {
        '_name_or_path': 'sema/tiny-nllb-random', 'model_type': 'm2m_100',
        'architectures': ['M2M100ForConditionalGeneration'], 'is_encoder_decoder': True,
        'vocab_size': V, 'd_model': D_MODEL, 'encoder_layers': ENCODER_LAYERS, 'decoder_layers': DECODER_LAYERS,
        'encoder_attention_heads': HEADS, 'decoder_attention_heads': HEADS,
        'encoder_ffn_dim': FFN, 'decoder_ffn_dim': FFN, 'max_position_embeddings': 1024,
        'scale_embedding': True, 'use_cache': True, 'tokenizer_class': 'NllbTokenizer',
        'bos_token_id': BOS, 'pad_token_id': PAD, 'eos_token_id': EOS, 'decoder_start_token_id': EOS,
        'max_length': 200,
    })
    write_json('generation_config.json', {
        'bos_token_id': BOS, 'pad_token_id': PAD, 'eos_token_id': EOS, 'decoder_start_token_id': EOS,
        'max_length': 200,
    })


if __name__ == '__main__':
    os.makedirs(OUT, exist_ok=True)
    export()
    write_tokenizer()
    write_configs()
    print('wrote', os.path.abspath(OUT), 'vocabulary', V)
